import { t, tCount } from '#lib/i18n.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { Page } from '#lib/pagination.ts';
import { ListFilters } from './list-filters.tsx';
import { EmptyState, ListingGrid } from '#app/components/listing-grid.tsx';
import { Pagination } from '#app/components/pagination.tsx';

/** The page of one property type or asset kind: heading, filters, cards and paging. */
export function TypeListPage({
  heading,
  query,
  page,
  emptyText,
  children,
}: {
  heading: string;
  query: ListQuery;
  page: Omit<Page<unknown>, 'items'> & { items: unknown[] };
  emptyText: string;
  children: React.ReactNode;
}) {
  const shown = page.isTotalCapped ? `${page.total}+` : page.total;
  return (
    <main id="main" className="container-page space-y-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{heading}</h1>
          <p className="mt-1 text-slate-600">
            {tCount('listing.resultCount', page.total, { count: shown })}
          </p>
        </div>
        <ListFilters query={query} />
      </div>
      {page.items.length === 0 ? (
        <EmptyState>{emptyText}</EmptyState>
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
