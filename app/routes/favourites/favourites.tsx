import { Form } from 'react-router';
import { redirect } from '#app/locale-redirect.ts';
import { z } from 'zod';
import { t } from '#lib/i18n.pages.ts';
import { safeNextPath } from '#lib/account.ts';
import { DomainError } from '#lib/errors.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { EmptyState } from '#app/components/listing-grid.tsx';
import { ListingSummaryCard } from '#app/components/listing-summary-card.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { FormAnswer } from '#app/components/form-answer.tsx';
import { FormMessage } from '#app/components/form-message.tsx';
import { formHandler, handleIntents, type IntentOf } from '#app/forms/form-action.server.ts';
import { IntentInput } from '#app/forms/intent-input.tsx';
import { pageMeta } from '#app/page-meta.ts';
import { getServices } from '#server/load-context.ts';
import type { Route } from './+types/favourites';
import { SavedOfflineNote } from './saved-offline-note.tsx';

/** A heart tapped while signed out: the listing to save after signing in, and the way back. */
const SaveLinkSchema = z.object({ save: z.uuid(), next: z.string().optional() });

/**
 * The signed-in user's saved listings still published, the latest saved first. A heart tapped
 * signed out comes back here through the login page (`?save=<id>&next=<page>`): the listing is
 * saved and the visitor returns to the page they were on; a refusal (the list is full, the
 * listing gone) is shown here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const { favourites } = getServices(context);
  const url = new URL(request.url);
  const toSave = SaveLinkSchema.safeParse(Object.fromEntries(url.searchParams));
  let refusal: string | null = null;
  if (toSave.success) {
    refusal = await favourites.save(toSave.data.save, viewer).then(
      () => null,
      (error: unknown) => {
        if (error instanceof DomainError) return error.message;
        throw error;
      },
    );
    if (!refusal) throw redirect(safeNextPath(toSave.data.next) ?? '/favourites');
  }
  return { saved: await favourites.list(viewer), refusal };
}

const ListingFormSchema = z.object({
  listingId: z.uuid(),
  /** Where a form posted from a listing page returns to (without JavaScript). */
  next: z.string().optional(),
});

/** A post made without JavaScript: a fetcher's post asks for `/favourites.data`. */
const isDocumentPost = (request: Request) => !new URL(request.url).pathname.endsWith('.data');

/**
 * Save or forget a listing: the hearts of every listing page and card post here, so that saving
 * works before JavaScript loads; they come back to the page they were on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { favourites } = getServices(context);
  // Without JavaScript, back to the page the heart was on; a fetcher stays on it anyway.
  const backTo = (next: string | undefined) => {
    const path = safeNextPath(next);
    if (path && isDocumentPost(request)) throw redirect(path);
  };
  return handleIntents(
    { request, context },
    {
      save: formHandler(ListingFormSchema, async ({ listingId, next }) => {
        await favourites.save(listingId, viewer);
        backTo(next);
        return t('favourites.saved');
      }),
      remove: formHandler(ListingFormSchema, async ({ listingId, next }) => {
        await favourites.remove(listingId, viewer);
        backTo(next);
        return t('favourites.removed');
      }),
    },
  );
}

export type FavouriteIntent = IntentOf<typeof action>;

export function meta() {
  return pageMeta({ title: t('favourites.heading'), description: t('favourites.description') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('favourites.loadFailed')} />;
}

export default function FavouritesPage({
  loaderData: { saved, refusal },
  actionData,
}: Route.ComponentProps) {
  return (
    <AccountPage heading={t('favourites.heading')}>
      <p className="text-slate-700">{t('favourites.description')}</p>
      <SavedOfflineNote listings={saved} />
      <FormAnswer result={actionData} failure={t('inquiry.failure')} />
      {refusal && <FormMessage tone="error">{refusal}</FormMessage>}
      {saved.length === 0 ? (
        <EmptyState>{t('favourites.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {saved.map((listing) => (
            <li key={listing.listingId}>
              <ListingSummaryCard listing={listing} headingLevel="h2">
                {listing.availability !== 'Available' && (
                  <p className="text-sm font-semibold text-amber-800">
                    {t(`listing.availability.${listing.availability}`)}
                  </p>
                )}
                <Form method="post" className="mt-auto pt-3">
                  <IntentInput<FavouriteIntent> value="remove" />
                  <input type="hidden" name="listingId" value={listing.listingId} />
                  <button
                    type="submit"
                    className="button-secondary w-full"
                    aria-label={t('favourites.unsaveLabel', { title: listing.title })}
                  >
                    {t('favourites.remove')}
                  </button>
                </Form>
              </ListingSummaryCard>
            </li>
          ))}
        </ul>
      )}
    </AccountPage>
  );
}
