import { currentLocale } from '#lib/i18n.ts';
import { HOME_GRID_SIZE } from '#lib/limits.ts';
import type { ListingFilters } from '#lib/listing-schemas.ts';
import {
  isPropertyType,
  type AssetType,
  type ListingType,
  type PropertyType,
} from '#lib/listing.ts';
import { readSearchText, toPrefixQuery } from '#lib/search-text.ts';
import { createCatalogueCache } from '#modules/catalogue/catalogue-cache.ts';
import type { CatalogueEvents } from '#modules/catalogue/catalogue.events.ts';
import type { CatalogueService } from '#modules/catalogue/catalogue.service.ts';
import type { SearchAnswer } from './search.schema.ts';

export type SearchService = ReturnType<typeof createSearchService>;

/** The filters of a search: a type list's, and the type (or none, for every type). */
export type SearchFilters = Partial<ListingFilters> & { type?: ListingType };

const EMPTY_PAGE = { items: [], page: 1, pageSize: 0, total: 0, isTotalCapped: false };

/** The filters with their keys in order and unset ones left out, so equal filters key alike. */
function sortedKeys(filters: SearchFilters): SearchFilters {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  ) as SearchFilters;
}

const MAX_CACHED_QUERIES = 1000;

/**
 * Live search runs on every keystroke of every visitor, and the same prefixes ('k', 'ki',
 * 'kic' …) come back all day. Answers are therefore kept for `cacheSeconds` per normalised query,
 * and visitors asking the same thing at the same moment share one database query. 0 turns
 * the cache off. Every catalogue change (`catalogueEvents`) forgets the cached answers, so a
 * change shows in the next search made by this process.
 */
export function createSearchService({
  catalogue,
  cacheSeconds,
  catalogueEvents,
}: {
  catalogue: CatalogueService;
  cacheSeconds: number;
  catalogueEvents: CatalogueEvents;
}) {
  async function queryCatalogue(
    text: string,
    filters: SearchFilters,
  ): Promise<Omit<SearchAnswer, 'understood'>> {
    const { type, ...shared } = filters;
    const query = { ...shared, pageSize: HOME_GRID_SIZE };
    // A type, or a number of rooms, narrows the search to one catalogue.
    const isPropertySearch = type ? isPropertyType(type) : true;
    const isAssetSearch = type
      ? !isPropertyType(type)
      : filters.bedrooms === undefined && filters.bathrooms === undefined;
    const [properties, assetPage] = await Promise.all([
      isPropertySearch
        ? catalogue.property.searchPublished(text, {
            ...query,
            type: type as PropertyType | undefined,
          })
        : EMPTY_PAGE,
      isAssetSearch
        ? catalogue.asset.searchPublished(text, { ...query, type: type as AssetType | undefined })
        : EMPTY_PAGE,
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

  const answers = createCatalogueCache<Omit<SearchAnswer, 'understood'>>({
    seconds: cacheSeconds,
    maxEntries: MAX_CACHED_QUERIES,
    catalogueEvents,
  });

  /**
   * The home grids for what a visitor typed and the filters they set; an empty text gives the
   * newest listings. The rooms, type and offer the text names, in any of the site's languages
   * ("3 bed", "inzu", "à louer"), are filters (`readSearchText`).
   */
  async function searchCatalogue(
    typed: string,
    given: SearchFilters = { sort: 'newest' },
  ): Promise<SearchAnswer> {
    const { text: rest, ...named } = readSearchText(typed, given);
    const filters = { ...given, ...named };
    // 'Kic', 'kic ' and 'KIC!' are one query, and so are 'inzu Kic' and 'houses kic': the cache
    // keys on what reaches the database.
    const text = toPrefixQuery(rest) ?? '';
    // The key's language comes first; the answer's texts ("3 days ago") are in it.
    const key = `${currentLocale()} ${JSON.stringify({ text, filters: sortedKeys(filters) })}`;
    const found = await answers.answer(key, () => queryCatalogue(text, filters));
    const understood = Object.fromEntries(
      Object.entries(named).filter(([, value]) => value !== undefined),
    ) as Omit<SearchAnswer['understood'], 'q'>;
    return { ...found, understood: { q: rest, ...understood } };
  }

  return { searchCatalogue };
}
