import { t, tCount } from '#lib/i18n.pages.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { DistrictCount, Page } from '#lib/pagination.ts';
import { DistrictCounts, filterLabel, ListFilters, WidenSearch } from './list-filters.tsx';
import { activeFilters, LIST_RESULTS_ID, toSavedFilters } from './filter-query.ts';
import { SaveSearchForm } from '#app/routes/saved-searches/save-search-form.tsx';
import type { Widening } from './filtered-list.server.ts';
import { ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import type { ListingType } from '#lib/listing.ts';
import { MapLink } from './map-link.tsx';

/**
 * The page of one property type or asset kind: heading, filters, the count per district, cards
 * and paging; when nothing fits, the filters to drop.
 */
export function TypeListPage({
  heading,
  query,
  page,
  districtCounts,
  widenings,
  hasRooms,
  emptyText,
  filterAction = '',
  savedFilters,
  type,
  children,
}: {
  heading: string;
  query: ListQuery;
  page: Omit<Page<unknown>, 'items'> & { items: unknown[] };
  districtCounts: DistrictCount[];
  widenings: Widening[];
  /** Whether the listings have rooms to filter by (properties do, assets do not). */
  hasRooms: boolean;
  emptyText: string;
  /** Where the filters lead, when not to this page (a landing page's list of its type). */
  filterAction?: string;
  /** What "Save this search" keeps besides the query's filters (the type, say). */
  savedFilters: Record<string, string | undefined>;
  /** The list's type: its "Map" toggle shows that type's listings. */
  type: ListingType;
  children: React.ReactNode;
}) {
  const shown = page.isTotalCapped ? `${page.total}+` : page.total;
  return (
    <main id="main" className="container-page space-y-5 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold">{heading}</h1>
        <div className="mt-1 flex items-center justify-between gap-3">
          <p id={LIST_RESULTS_ID} tabIndex={-1} className="scroll-mt-4 text-slate-600">
            {tCount('listing.resultCount', page.total, { count: shown })}
          </p>
          <MapLink query={query} type={type} />
        </div>
      </div>
      <ListFilters
        query={query}
        hasRooms={hasRooms}
        action={filterAction || undefined}
        // A landing page's own place and offer are its subject, not filters to show.
        isOpen={filterAction ? false : undefined}
      />
      <DistrictCounts query={query} counts={districtCounts} basePath={filterAction} />
      <SaveSearchForm
        filters={{ ...savedFilters, ...toSavedFilters(query) }}
        defaultName={[heading, ...activeFilters(query).map(filterLabel)].join(' · ')}
      />
      {page.items.length === 0 ? (
        <WidenSearch widenings={widenings} emptyText={emptyText} basePath={filterAction} />
      ) : (
        <ListingGrid>{children}</ListingGrid>
      )}
      <Pagination page={page} />
    </main>
  );
}

/** Title and description of a type list page. */
export function typeListMeta(type: string) {
  return {
    title: t('listing.typeListings', { type }),
    description: t('listing.typeListingsDescription', { type }),
  };
}
