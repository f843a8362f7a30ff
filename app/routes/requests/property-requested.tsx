import { Form } from 'react-router';
import { Link } from '#app/components/link.tsx';
import { t } from '#lib/i18n.pages.ts';
import { LISTING_TYPES } from '#lib/listing.ts';
import { RequestListQuerySchema } from '#modules/requests/requests.schema.ts';
import { requireViewer } from '#app/auth.server.ts';
import { AccountPage } from '#app/components/account-page.tsx';
import { ListingGrid } from '#app/components/listing-grid.tsx';
import { LoadFailure } from '#app/components/load-failure.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { RequestCard } from '#app/components/request-card.tsx';
import { pageMeta } from '#app/page-meta.ts';
import type { Route } from './+types/property-requested';
import { getServices } from '#server/load-context.ts';
import { readListQuery } from '#lib/list-query.ts';
import { redirectPastLastPage } from '#app/last-page.server.ts';

/**
 * Open wanted-ads, newest first, for sellers looking for buyers; `mine=true` narrows to the
 * signed-in user's own, open or closed. Type and location narrow further.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const query = readListQuery(new URL(request.url), RequestListQuerySchema);
  const page = await getServices(context).requests.listRequests(query, viewer);
  redirectPastLastPage(request, page);
  return {
    page,
    filters: { type: query.type ?? '', location: query.location ?? '', mine: query.mine },
  };
}

export function meta() {
  return pageMeta({ title: t('requested.heading'), description: t('requested.intro') });
}

export function ErrorBoundary() {
  return <LoadFailure message={t('requested.loadFailed')} />;
}

/** Type, place and "only mine": a plain GET form, so it works before JavaScript loads. */
function RequestFilters({
  filters,
}: {
  filters: { type: string; location: string; mine: boolean };
}) {
  return (
    <Form
      method="get"
      aria-label={t('requested.filters')}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="min-w-36 flex-1 sm:flex-none">
        <label htmlFor="filter-type" className="field-label">
          {t('requested.filterType')}
        </label>
        <select id="filter-type" name="type" defaultValue={filters.type} className="field-input">
          <option value="">{t('request.anyType')}</option>
          {LISTING_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`type.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-36 flex-1">
        <label htmlFor="filter-location" className="field-label">
          {t('requested.filterLocation')}
        </label>
        <input
          id="filter-location"
          name="location"
          type="search"
          defaultValue={filters.location}
          placeholder={t('requested.filterLocationPlaceholder')}
          className="field-input"
        />
      </div>
      <label className="flex min-h-11 items-center gap-2 font-medium text-slate-800">
        <input
          type="checkbox"
          name="mine"
          value="true"
          defaultChecked={filters.mine}
          className="h-5 w-5 accent-brand-700"
        />
        {t('requested.filterMine')}
      </label>
      <button type="submit" className="button-secondary">
        {t('requested.apply')}
      </button>
    </Form>
  );
}

export default function PropertyRequested({ loaderData: { page, filters } }: Route.ComponentProps) {
  return (
    <AccountPage
      heading={t('requested.heading')}
      action={{ to: '/create-request-property', label: t('requested.requestButton') }}
    >
      <p className="text-slate-700">{t('requested.intro')}</p>
      {/* Keyed by the URL's filters, so the fields follow back and forward navigation. */}
      <RequestFilters key={JSON.stringify(filters)} filters={filters} />
      {page.items.length === 0 ? (
        <div className="space-y-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
          <p className="text-slate-600">{t('requested.empty')}</p>
          <Link to="/create-request-property" className="button-primary">
            {t('requested.requestButton')}
          </Link>
        </div>
      ) : (
        <ListingGrid>
          {page.items.map((request) => (
            <RequestCard key={request._id} request={request} />
          ))}
        </ListingGrid>
      )}
      <Pagination page={page} />
    </AccountPage>
  );
}
