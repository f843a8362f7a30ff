/**
 * A page of results. `total` is exact up to a cap; past it `isTotalCapped` is true and the
 * total reads as "N+", because counting every row of a broad match costs more than the page.
 */
export type Page<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  isTotalCapped: boolean;
};

/** How many published listings a district holds for the current filters, capped as in a Page. */
export type DistrictCount = { district: string; total: number; isTotalCapped: boolean };

export function pageCount(page: Pick<Page<unknown>, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(page.total / page.pageSize));
}
