import { useFetcher, useLocation } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { loginPathReturningTo } from '#lib/account.ts';
import type { FormResult } from '#lib/form-result.ts';
import { t, localePath } from '#lib/i18n.ts';
import type { FavouriteIntent } from '#app/routes/favourites/favourites.tsx';
import { INTENT_FIELD, IntentInput } from '#app/forms/intent-input.tsx';
import { useSavedIds, useSignedInUser } from '#app/use-root-data.ts';
import { Icon } from './icon.tsx';

type SaveAnswer = FormResult & { intent: FavouriteIntent | null };

/**
 * The heart of a listing, on its page and on its card: a form post to /favourites. Without
 * JavaScript the post comes back to this page (query string included); with it, a fetcher
 * posts, the heart turns at once and the page stays where it was. Signed out, it is a link that
 * signs in first and comes back with the listing saved: the same markup for every visitor. Whether
 * it is saved comes from the root loader, which a save or removal reads again.
 */
export function SaveButton({
  listingId,
  title,
  isCompact = false,
}: {
  listingId: string;
  title: string;
  /** On a card: a round heart over the photo, its name only for assistive technology. */
  isCompact?: boolean;
}) {
  const user = useSignedInUser();
  const isSaved = useSavedIds().includes(listingId);
  const location = useLocation();
  const fetcher = useFetcher<SaveAnswer>();
  const here = `${location.pathname}${location.search}`;
  const pending = fetcher.formData?.get(INTENT_FIELD);
  const answered = fetcher.data?.ok ? fetcher.data.intent : null;
  const isShownSaved = pending ? pending === 'save' : answered ? answered === 'save' : isSaved;
  const shape = isCompact
    ? 'h-11 w-11 justify-center rounded-full shadow'
    : 'min-h-11 gap-2 rounded-lg px-4 font-semibold';
  const className = `inline-flex items-center border ${shape} ${
    isShownSaved
      ? 'border-rose-300 bg-rose-50 text-rose-800'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
  }`;
  const heart = <Icon name="heart" className={`h-5 w-5 ${isShownSaved ? 'fill-current' : ''}`} />;
  if (!user) {
    const saveThenBack = `/favourites?save=${listingId}&next=${encodeURIComponent(here)}`;
    return (
      <Link
        to={loginPathReturningTo(saveThenBack)}
        className={className}
        aria-label={t('favourites.saveLabel', { title })}
      >
        {heart}
        {!isCompact && t('favourites.save')}
      </Link>
    );
  }
  const refusal =
    fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" action={localePath('/favourites')} className="relative">
      <IntentInput<FavouriteIntent> value={isShownSaved ? 'remove' : 'save'} />
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="next" value={here} />
      <button
        type="submit"
        className={className}
        aria-pressed={isShownSaved}
        aria-label={t(isShownSaved ? 'favourites.unsaveLabel' : 'favourites.saveLabel', { title })}
      >
        {heart}
        {!isCompact && (isShownSaved ? t('favourites.unsave') : t('favourites.save'))}
      </button>
      {refusal && (
        <p
          role="alert"
          className={`mt-1 text-sm font-medium text-red-700 ${
            isCompact ? 'absolute top-full right-0 w-48 rounded-lg bg-white p-2 shadow' : ''
          }`}
        >
          {refusal}
        </p>
      )}
    </fetcher.Form>
  );
}
