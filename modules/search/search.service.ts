import { currentLocale } from '#lib/i18n.ts';
import { HOME_GRID_SIZE } from '#lib/limits.ts';
import { featuredFirst } from '#lib/pagination.ts';
import type { ListingFilters } from '#lib/listing-schemas.ts';
import { kindOfType, type ListingKind, type ListingType, LISTING_KINDS } from '#lib/listing.ts';
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
 * The catalogues a search reads: a type's own, or, without one, both; a number of rooms leaves
 * the assets out (only properties have rooms).
 */
function kindsSearched({ type, bedrooms, bathrooms }: SearchFilters): readonly ListingKind[] {
  if (type) return [kindOfType(type)];
  return bedrooms === undefined && bathrooms === undefined ? LISTING_KINDS : ['property'];
}

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
    const query = { ...filters, pageSize: HOME_GRID_SIZE };
    const kinds = kindsSearched(filters);
    // The two searches run side by side; a catalogue not searched answers an empty page.
    const [propertyPage, assetPage] = await Promise.all([
      kinds.includes('property') ? catalogue.property.searchPublished(text, query) : EMPTY_PAGE,
      kinds.includes('asset') ? catalogue.asset.searchPublished(text, query) : EMPTY_PAGE,
    ]);
    // Boosted listings take the grids' first places.
    const properties = featuredFirst(propertyPage, HOME_GRID_SIZE);
    const assets = featuredFirst(assetPage, HOME_GRID_SIZE);
    return {
      properties: properties.items,
      assets: assets.items,
      featuredIds: [...properties.featuredIds, ...assets.featuredIds],
      totals: {
        properties: { count: propertyPage.total, isCapped: propertyPage.isTotalCapped },
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
