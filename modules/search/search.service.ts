import { LRUCache } from 'lru-cache';
import { currentLocale } from '#lib/i18n.ts';
import { HOME_GRID_SIZE } from '#lib/limits.ts';
import { toPrefixQuery } from '#lib/search-text.ts';
import type { AssetsService } from '#modules/assets/assets.service.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { ListingsService } from '#modules/listings/listings.service.ts';
import type { SearchAnswer } from './search.schema.ts';

export type SearchService = ReturnType<typeof createSearchService>;

const MAX_CACHED_QUERIES = 1000;

/**
 * Live search runs on every keystroke of every visitor, and the same prefixes ('k', 'ki',
 * 'kic' …) come back all day. Answers are therefore kept for `cacheSeconds` per normalised query,
 * and visitors asking the same thing at the same moment share one database query. 0 turns
 * the cache off. Every catalogue change (`catalogueEvents`) forgets the cached answers, so a
 * change shows in the next search made by this process.
 */
export function createSearchService({
  listings,
  assets,
  cacheSeconds,
  catalogueEvents,
}: {
  listings: ListingsService;
  assets: AssetsService;
  cacheSeconds: number;
  catalogueEvents: CatalogueEvents;
}) {
  async function queryCatalogue(text: string): Promise<SearchAnswer> {
    const [properties, assetPage] = await Promise.all([
      listings.searchPublishedProperties(text, HOME_GRID_SIZE),
      assets.searchPublishedAssets(text, HOME_GRID_SIZE),
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
          // The key's language comes first; the answer's texts ("3 days ago") are in it.
          fetchMethod: (key) => queryCatalogue(key.slice(key.indexOf(' ') + 1)),
        })
      : undefined;

  /** The home grids for what a visitor typed; an empty text gives the newest listings. */
  async function searchCatalogue(text: string): Promise<SearchAnswer> {
    // 'Kic', 'kic ' and 'KIC!' are one query: the cache keys on what reaches the database.
    const query = toPrefixQuery(text) ?? '';
    if (!cache) return queryCatalogue(query);
    const answer = await cache.fetch(`${currentLocale()} ${query}`);
    return answer ?? queryCatalogue(query);
  }

  /** Drops every cached answer, so a changed listing shows in the next search. */
  function forgetCachedAnswers(): void {
    cache?.clear();
  }

  // The service lives as long as the emitter (both are made once per server): no unsubscribe.
  catalogueEvents.onChange(forgetCachedAnswers);

  return { searchCatalogue };
}
