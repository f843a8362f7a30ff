import { Form } from 'react-router';
import { t } from '#lib/i18n.all.ts';
import { MODERATION_STATES, type ModerationState } from '#lib/listing.ts';
import { z } from 'zod';
import { SupplyListQuerySchema } from '#modules/supplies/supplies.schema.ts';
import { DeleteInputSchema } from './review.server.ts';
import { adminContext } from '#app/auth.server.ts';
import { ReviewList } from './review-list.tsx';
import { SupplyReviewCard, SUPPLY_DELETE_FETCHER } from './supply-review-card.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { handleForm } from '#app/forms/form-action.server.ts';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/supplied-list';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

/** The filter's value for every review state. */
const ALL = 'all';

/** The page's list: the review state defaults to the supplies waiting for the admin. */
const ReviewQuerySchema = SupplyListQuerySchema.extend({
  moderation: z.enum([...MODERATION_STATES, ALL]).default('Pending'),
});

/** Listings supplied by non-admins, newest first, filtered by review state (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = context.get(adminContext);
  const { moderation, ...query } = readListQuery(new URL(request.url), ReviewQuerySchema);
  const page = await getServices(context).supplies.listSupplies(
    { ...query, moderation: moderation === ALL ? undefined : moderation },
    admin,
  );
  redirectPastLastPage(request, page);
  return { page, moderation };
}

/** Delete on a card: the supply is withdrawn (kept in the database, hidden everywhere). */
export function action({ request, context }: Route.ActionArgs) {
  const admin = context.get(adminContext);
  const { supplies } = getServices(context);
  return handleForm(
    { request, context },
    DeleteInputSchema,
    async ({ id }) => {
      await supplies.withdrawSupply(id, admin);
      return t('adminReview.deleted');
    },
    { failure: t('adminReview.deleteFailed') },
  );
}

export function meta() {
  return pageMeta({
    title: t('adminReview.suppliedHeading'),
    description: t('adminReview.suppliedIntro'),
  });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('adminReview.suppliesLoadFailed')} />;
}

/** The review-state filter: a plain GET form, so it works before JavaScript loads. */
function ModerationFilter({ moderation }: { moderation: ModerationState | typeof ALL }) {
  return (
    <Form
      method="get"
      aria-label={t('adminReview.filters')}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-40 flex-1 sm:flex-none">
        <label htmlFor="filter-moderation" className="field-label">
          {t('adminReview.filterModeration')}
        </label>
        <select
          id="filter-moderation"
          name="moderation"
          defaultValue={moderation}
          className="field-input"
        >
          {MODERATION_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`supply.moderation.${state}`)}
            </option>
          ))}
          <option value={ALL}>{t('adminReview.filterAll')}</option>
        </select>
      </div>
      <button type="submit" className="button-secondary">
        {t('adminReview.apply')}
      </button>
    </Form>
  );
}

export default function AdminSuppliedList({
  loaderData: { page, moderation },
}: Route.ComponentProps) {
  return (
    <ReviewList
      heading={t('adminReview.suppliedHeading')}
      intro={t('adminReview.suppliedIntro')}
      // Keyed by the filter, so the select follows back and forward navigation.
      filters={<ModerationFilter key={moderation} moderation={moderation} />}
      deleteFetcherKey={SUPPLY_DELETE_FETCHER}
      deleteFailedText={t('adminReview.deleteFailed')}
      emptyText={t('adminReview.suppliesEmpty')}
      page={page}
      renderCard={(supply) => <SupplyReviewCard key={supply._id} supply={supply} />}
    />
  );
}
