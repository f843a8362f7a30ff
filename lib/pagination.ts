/**
 * A page of results. `total` is exact up to a cap; past it `isTotalCapped` is true and the
 * total reads as "N+", because counting every row of a broad match costs more than the page.
 */
export type Page<T> = {
  items: T[];
  /**
   * The listings a boost features that match the same filters, shown above the page (a list of
   * the catalogue only; at most the prices' featuredPerPage).
   */
  featured?: T[];
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

/**
 * A page's listings with the boosted ones first (each shown once, marked by `featuredIds`), up
 * to `limit` in all: the first places of a list, a landing page or a home grid.
 */
export function featuredFirst<Item extends { _id: string }>(
  page: { items: Item[]; featured?: Item[] },
  limit = Infinity,
): { items: Item[]; featuredIds: string[] } {
  const featured = page.featured ?? [];
  const featuredIds = featured.map((item) => item._id);
  const rest = page.items.filter((item) => !featuredIds.includes(item._id));
  return { items: [...featured, ...rest].slice(0, limit), featuredIds };
}
