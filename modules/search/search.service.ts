import { LRUCache } from 'lru-cache';
import { toPrefixQuery } from '#lib/search-text.ts';
import type { AssetsService } from '#modules/assets/assets.service.ts';
import type { ListingsService } from '#modules/listings/listings.service.ts';
import { GRID_SIZE, type SearchAnswer } from './search.schema.ts';

export type SearchService = ReturnType<typeof createSearchService>;

const MAX_CACHED_QUERIES = 1000;

/**
 * Live search runs on every keystroke of every visitor, and the same prefixes ('k', 'ki',
 * 'kic' …) come back all day. Answers are therefore kept for `cacheSeconds` per normalised query,
 * and visitors asking the same thing at the same moment share one database query. 0 turns
 * the cache off. Writes to the catalogue call `forgetCachedAnswers`.
 */
export function createSearchService({
  listings,
  assets,
  cacheSeconds,
}: {
  listings: ListingsService;
  assets: AssetsService;
  cacheSeconds: number;
}) {
  async function queryCatalogue(text: string): Promise<SearchAnswer> {
    const [properties, assetPage] = await Promise.all([
      listings.searchPublishedProperties(text, GRID_SIZE),
      assets.searchPublishedAssets(text, GRID_SIZE),
    ]);
    return {
      properties: properties.items,
      assets: assetPage.items,
      totals: {
        properties: { count: properties.total, isCapped: properties.isTotalCapped },
        assets: { count: assetPage.total, isCapped: assetPage.isTotalCapped },
      },
    };
  }

  const cache =
    cacheSeconds > 0
      ? new LRUCache<string, SearchAnswer>({
          max: MAX_CACHED_QUERIES,
          ttl: cacheSeconds * 1000,
          fetchMethod: (key) => queryCatalogue(key),
        })
      : undefined;

  /** The home grids for what a visitor typed; an empty text gives the newest listings. */
  async function searchCatalogue(text: string): Promise<SearchAnswer> {
    // 'Kic', 'kic ' and 'KIC!' are one query: the cache keys on what reaches the database.
    const key = toPrefixQuery(text) ?? '';
    if (!cache) return queryCatalogue(key);
    const answer = await cache.fetch(key);
    return answer ?? queryCatalogue(key);
  }

  /** Drops every cached answer, so a changed listing shows in the next search. */
  function forgetCachedAnswers(): void {
    cache?.clear();
  }

  return { searchCatalogue, forgetCachedAnswers };
}
