import { Form } from 'react-router';
import { t } from '#lib/i18n.ts';
import { MODERATION_STATES, type ModerationState } from '#lib/listing.ts';
import { SupplyListQuerySchema } from '#modules/supplies/supplies.schema.ts';
import {
  DeleteInputSchema,
  failingWith,
  readListQuery,
  REVIEW_PAGE_SIZE,
} from '../../admin-review.server.ts';
import { requireViewer } from '../../auth.server.ts';
import { AdminReviewList } from '../../components/admin-review-list.tsx';
import {
  AdminReviewSupplyCard,
  SUPPLY_DELETE_FETCHER,
} from '../../components/admin-review-supply-card.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { handleFormAction } from '../../form-action.server.ts';
import { pageMeta } from '../../page-meta.ts';
import type { Route } from './+types/supplied-list';

/** The filter's value for every review state. */
const ALL = 'all';
/** What the admin sees first: the supplies waiting for them. */
const DEFAULT_MODERATION: ModerationState = 'Pending';

/** The review state asked for in the URL: Pending unless another (or all) is chosen. */
function moderationOf(url: URL): ModerationState | typeof ALL {
  const asked = url.searchParams.get('moderation');
  if (asked === ALL) return ALL;
  return MODERATION_STATES.find((state) => state === asked) ?? DEFAULT_MODERATION;
}

/** Listings supplied by non-admins, newest first, filtered by review state (admins only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  const url = new URL(request.url);
  const moderation = moderationOf(url);
  const query = readListQuery(url, SupplyListQuerySchema.omit({ moderation: true }), {
    pageSize: String(REVIEW_PAGE_SIZE),
  });
  const page = await context.services.supplies.listSupplies(
    { ...query, moderation: moderation === ALL ? undefined : moderation },
    admin,
  );
  return { page, moderation };
}

/** Delete on a card: the supply is withdrawn (kept in the database, hidden everywhere). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireViewer(request, context, { role: 'admin' });
  return handleFormAction(request, context, DeleteInputSchema, async ({ id }) => {
    await failingWith(t('adminReview.deleteFailed'), () =>
      context.services.supplies.withdrawSupply(id, admin),
    );
    context.services.search.forgetCachedAnswers();
    return t('adminReview.deleted');
  });
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
    <AdminReviewList
      heading={t('adminReview.suppliedHeading')}
      intro={t('adminReview.suppliedIntro')}
      // Keyed by the filter, so the select follows back and forward navigation.
      filters={<ModerationFilter key={moderation} moderation={moderation} />}
      deleteFetcherKey={SUPPLY_DELETE_FETCHER}
      deleteFailedText={t('adminReview.deleteFailed')}
      emptyText={t('adminReview.suppliesEmpty')}
      page={page}
      renderCard={(supply) => <AdminReviewSupplyCard key={supply._id} supply={supply} />}
    />
  );
}
