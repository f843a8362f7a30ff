/**
 * A list's filters as its query holds them: the ones applied (each with the query without it,
 * for its chip), the search a link keeps, and what "Save this search" stores. The form that sets
 * them is list-filters.tsx.
 */
import { LISTING_FILTER_KEYS } from '#lib/listing-filter-keys.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import { DEFAULT_PAGE_SIZE } from '#lib/limits.ts';

type FilterKey = (typeof LISTING_FILTER_KEYS)[number];

/** A list's own parameters beside the filters (a search's text and catalogue), kept in links. */
type ExtraParams = { q?: string; kind?: string; type?: string };

/** A filter the list has, and the query without it. */
export type ActiveFilter = {
  key: FilterKey;
  value: string | number;
  without: ListQuery & ExtraParams;
};

/** The query with its offer under one name (`offer`; `status` is the older one). */
function settled<Query extends ListQuery>(query: Query): Query {
  const { status, ...rest } = query;
  return { ...rest, offer: query.offer ?? status } as Query;
}

/** The filters set in a list's query, each with the query that drops it (and its sector). */
export function activeFilters(query: ListQuery & ExtraParams): ActiveFilter[] {
  const current = settled(query);
  return LISTING_FILTER_KEYS.flatMap((key) => {
    const value = current[key];
    if (value === undefined) return [];
    const without = { ...current, [key]: undefined, page: 1 };
    // A sector means nothing without its district, a radius or the nearest first without near.
    if (key === 'district') without.sector = undefined;
    if (key === 'near') {
      without.radiusKm = undefined;
      if (without.sort === 'distance') without.sort = 'newest';
    }
    return [{ key, value, without }];
  });
}

/**
 * The URL search of a list query with `changes`: only what differs from the defaults, so that
 * links stay short and shareable. A change of filter starts again from the first page.
 */
export function listSearch(
  query: ListQuery & ExtraParams,
  changes: Partial<ListQuery> & ExtraParams = {},
): string {
  const next: Partial<ListQuery> & ExtraParams = { ...settled(query), page: 1, ...changes };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === DEFAULT_PAGE_SIZE) continue;
    if (key === 'sort' && value === 'newest') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '?';
}

/** The filters of a list query a saved search keeps: those set, the order left out. */
export function toSavedFilters(query: ListQuery): Record<string, string | number | undefined> {
  return Object.fromEntries(activeFilters(query).map((filter) => [filter.key, filter.value]));
}

/** The element a list's filters bring into view once applied: its count or its heading. */
export const LIST_RESULTS_ID = 'list-results';

/**
 * What each control of a list's filter form shows for `query`, by field name ('' for "All"),
 * and whether "Owner only" is ticked: the address's filters, which the form follows.
 */
export function filterFieldValues(query: ListQuery): {
  values: Record<string, string>;
  isOwnerOnly: boolean;
} {
  const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  return {
    values: {
      offer: text(query.offer ?? query.status),
      district: text(query.district),
      sector: text(query.sector),
      sort: query.sort,
      minPrice: text(query.minPrice),
      maxPrice: text(query.maxPrice),
      pricePeriod: text(query.pricePeriod),
      bedrooms: text(query.bedrooms),
      bathrooms: text(query.bathrooms),
      near: text(query.near),
      radiusKm: text(query.radiusKm),
    },
    isOwnerOnly: query.listedBy === 'owner',
  };
}
