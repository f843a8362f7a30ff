import { and, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { MAP_POINTS_MAX } from '#lib/limits.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import { toListingFilters, type ListingKind, type ListingType } from '#lib/listing.ts';
import { photoThumbSrc } from '#lib/photos.ts';
import { searchWords } from '#lib/search-text.ts';
import { sharedTableOf, TITLE_COLUMNS } from './catalogue.kinds.ts';
import type { MapPoint, MapPoints } from './catalogue.schema.ts';
import {
  isPublishedSql,
  listingFilterConditions,
  listingOrder,
  readWordsBegun,
  searchConditions,
  toWordsQueries,
  typeWordsBegun,
  type WordsBegun,
} from './catalogue.sql.ts';

/** What the map asks of one kind: a list's filters and type, and the words of a search. */
export type PointsQuery = Partial<Omit<ListQuery, 'page' | 'pageSize'>> & {
  type?: ListingType;
  /** What a visitor typed, as /search reads it (every word a prefix); empty for none. */
  text?: string;
};

/**
 * The map's read of one kind of the catalogue: the public points of the published listings a
 * list query keeps (the same filters as the lists, through `listingFilterConditions`, and the
 * same words as a search), with what a marker and its card show. At most MAP_POINTS_MAX, the
 * newest first (the nearest first around `near`, or in the list's price order), and whether
 * more matched. Listings with no place on the map (no district) are left out.
 */
export function createPointsQuery({
  db,
  kind,
  keepWordsBegun = (_typedWord, read) => read(),
}: {
  db: Database;
  kind: ListingKind;
  /** What a typed word begins, from the catalogue's cache when it keeps one. */
  keepWordsBegun?: (typedWord: string, read: () => Promise<WordsBegun>) => Promise<WordsBegun>;
}) {
  const table = sharedTableOf(kind);
  const title = TITLE_COLUMNS[kind];

  /** The search's condition on the words typed; null when they can match nothing. */
  async function wordsCondition(text: string, type: ListingType | undefined): Promise<SQL | null> {
    const begun = await Promise.all(
      searchWords(text).map((word) => keepWordsBegun(word, () => readWordsBegun(db, table, word))),
    );
    // A type is found by its word with the others, as searchPublished finds it.
    const queries = toWordsQueries(type ? [...begun, typeWordsBegun(type)] : begun);
    return queries && searchConditions(table, queries).inSearch;
  }

  /** The points of the published listings of this kind that `query` keeps. */
  return async function listPoints(query: PointsQuery): Promise<MapPoints> {
    const { text = '', ...filters } = query;
    const isSearch = searchWords(text).length > 0;
    const inSearch = isSearch ? await wordsCondition(text, filters.type) : undefined;
    if (inSearch === null) return { points: [], isCapped: false };
    const rows = await db
      .select({
        id: table.id,
        latitude: table.publicLatitude,
        longitude: table.publicLongitude,
        locationPrecision: table.locationPrecision,
        price: table.price,
        pricePeriod: table.pricePeriod,
        offer: table.offer,
        type: table.type,
        title,
        // The cover's key alone: the photos' JSON carries every photo's inline preview.
        photoKey: sql<string | null>`${table.photos} -> 0 ->> 'key'`,
      })
      .from(table)
      .where(
        and(
          isPublishedSql,
          isNotNull(table.publicLatitude),
          ...listingFilterConditions(table, toListingFilters(filters), {
            isTypeChecked: isSearch,
          }),
          inSearch,
        ),
      )
      .orderBy(...listingOrder(table, filters.sort ?? 'newest', filters.near))
      .limit(MAP_POINTS_MAX + 1);
    const points = rows
      .slice(0, MAP_POINTS_MAX)
      .map(({ photoKey, latitude, longitude, locationPrecision, ...row }): MapPoint => ({
        ...row,
        kind,
        // Set together with the public point (db/schema.ts `located` checks it).
        latitude: latitude!,
        longitude: longitude!,
        locationPrecision: locationPrecision!,
        type: row.type as ListingType,
        photo: photoKey ? photoThumbSrc(photoKey) : null,
      }));
    return { points, isCapped: rows.length > MAP_POINTS_MAX };
  };
}
