import type { ListQuery } from '#lib/listing-schemas.ts';
import type { DistrictCount, Page } from '#lib/pagination.ts';
import { activeFilters, type ActiveFilter } from './filter-query.ts';

/** A filter whose removal would show listings: the list's way out of "no results". */
export type Widening = ActiveFilter & { total: number; isTotalCapped: boolean };

/** How a list page reads one catalogue: a page of it, and its listings per district. */
type Catalogue<View> = {
  list(query: ListQuery): Promise<Page<View>>;
  countByDistrict(query: ListQuery): Promise<DistrictCount[]>;
};

/**
 * A filtered list page's data: the page, how many listings each district holds for the same
 * filters, and, when nothing matches, which filter to drop to see something (the one that frees
 * the most listings first).
 */
export async function loadFilteredList<View>(
  query: ListQuery,
  catalogue: Catalogue<View>,
): Promise<{ page: Page<View>; districtCounts: DistrictCount[]; widenings: Widening[] }> {
  const [page, districtCounts] = await Promise.all([
    catalogue.list(query),
    catalogue.countByDistrict(query),
  ]);
  const widenings =
    page.total > 0
      ? []
      : (
          await Promise.all(
            activeFilters(query).map(async (filter) => {
              const without = await catalogue.list({ ...filter.without, page: 1, pageSize: 1 });
              return { ...filter, total: without.total, isTotalCapped: without.isTotalCapped };
            }),
          )
        )
          .filter((widening) => widening.total > 0)
          .sort((a, b) => b.total - a.total);
  return { page, districtCounts, widenings };
}
