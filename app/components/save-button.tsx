import { Form, Link, useLocation } from 'react-router';
import { t } from '#lib/i18n.ts';
import type { FavouriteIntent } from '#app/routes/favourites/favourites.tsx';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { useSignedInUser } from '#app/use-root-data.ts';
import { Icon } from './icon.tsx';

/**
 * The heart of a listing page: a form post to /favourites that comes back here, so it works
 * before JavaScript loads. Signed out, it signs in first and comes back with the listing saved.
 */
export function SaveButton({
  listingId,
  title,
  isSaved,
}: {
  listingId: string;
  title: string;
  isSaved: boolean;
}) {
  const user = useSignedInUser();
  const location = useLocation();
  const className = `inline-flex min-h-11 items-center gap-2 rounded-lg border px-4 font-semibold ${
    isSaved
      ? 'border-rose-300 bg-rose-50 text-rose-800'
      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
  }`;
  if (!user) {
    const back = `${location.pathname}?save=1`;
    return (
      <Link
        to={`/login?next=${encodeURIComponent(back)}`}
        className={className}
        aria-label={t('favourites.saveLabel', { title })}
      >
        <Icon name="heart" className="h-5 w-5" />
        {t('favourites.save')}
      </Link>
    );
  }
  return (
    <Form method="post" action="/favourites">
      <IntentInput<FavouriteIntent> value={isSaved ? 'remove' : 'save'} />
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="next" value={location.pathname} />
      <button
        type="submit"
        className={className}
        aria-pressed={isSaved}
        aria-label={t(isSaved ? 'favourites.unsaveLabel' : 'favourites.saveLabel', { title })}
      >
        <Icon name="heart" className={`h-5 w-5 ${isSaved ? 'fill-current' : ''}`} />
        {isSaved ? t('favourites.unsave') : t('favourites.save')}
      </button>
    </Form>
  );
}
