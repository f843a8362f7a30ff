import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boundingBox, type Point } from '#lib/geo.ts';
import { parseNear } from '#lib/landmarks.ts';
import { NEAR_RADIUS_DEFAULT_KM } from '#lib/limits.ts';
import type { ListingFilters } from '#lib/listing-schemas.ts';
import { defaultPricePeriod, LISTING_TYPES, type ListingType } from '#lib/listing.ts';
import type { Database } from '#db/client.ts';
import { assets, properties, users } from '#db/schema.ts';

/**
 * Beyond this many matches a search answers "N+": counting and ranking every row of a broad
 * match costs more than the six best cards are worth (see docs/decisions/003).
 */
export const SEARCH_MATCH_CAP = 200;

/**
 * The published rows of a listings table: approved, not deleted, not hidden, not expired (the
 * predicate of the public lists' partial indexes in db/schema.ts).
 */
export const isPublishedSql = sql`moderation = 'Approved' and deleted_at is null and hidden_at is null and expired_at is null`;

/** `isPublishedSql` naming its table's columns, for queries that join other tables. */
export function isPublishedIn(table: typeof properties | typeof assets): SQL {
  return and(
    eq(table.moderation, 'Approved'),
    isNull(table.deletedAt),
    isNull(table.hiddenAt),
    isNull(table.expiredAt),
  )!;
}

type SearchableTable = typeof properties | typeof assets;

/** A typed word that begins more of the catalogue's words than this stays a prefix. */
const MAX_WORDS_PER_PREFIX = 30;

/** A word as a tsquery operand: quoted, so that it is taken as it is. */
function quotedWord(word: string): string {
  return `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** What a search runs for the words typed, as tsquery texts: see `toWordsQueries`. */
export type WordsQueries = {
  /** For the whole search document. */
  document: string;
  /** For the headline; null when no headline holds a word that a typed word begins. */
  headline: string | null;
};

/** The operand of a typed prefix: the words it begins, or the prefix when they are too many. */
function prefixOperand(prefix: string, words: string[]): string {
  return words.length > MAX_WORDS_PER_PREFIX
    ? `${quotedWord(prefix)}:*`
    : `(${words.map(quotedWord).join(' | ')})`;
}

/** The words of a catalogue that one typed word begins (see `toWordsQueries`). */
export type WordsBegun = {
  /** The typed word, accents folded as in the documents. */
  prefix: string;
  /** In byte order, at most MAX_WORDS_PER_PREFIX + 1 (more tells that there are too many). */
  words: string[];
  /** The same, of the words some headline holds. */
  headlineWords: string[];
};

/**
 * The words of `table`'s catalogue that `typedWord` begins, read from `search_words`: one range
 * of its primary key, byte order as tsquery compares a prefix.
 */
export async function readWordsBegun(
  db: Pick<Database, 'execute'>,
  table: SearchableTable,
  typedWord: string,
): Promise<WordsBegun> {
  const wordsBegun = (onlyHeadline: boolean) => sql`array(
        select word from search_words
        where catalogue = ${getTableName(table)}
          and word >= typed.prefix collate "C" and word < typed.prefix || chr(1114111) collate "C"
          ${onlyHeadline ? sql`and in_headline` : sql``}
        order by word
        limit ${MAX_WORDS_PER_PREFIX + 1}
      )`;
  const result = await db.execute<WordsBegun>(sql`
    select typed.prefix, ${wordsBegun(false)} as words, ${wordsBegun(true)} as "headlineWords"
    from (select fold_accents(${typedWord}::text) as prefix) as typed`);
  return result.rows[0]!;
}

/** A kept word as the tsquery of that one word, in SQL: quoted as `quotedWord` quotes it. */
function wordAsQuery(word: SQL): SQL {
  return sql`('''' || replace(replace(${word}, '\', '\\'), '''', '''''') || '''')::tsquery`;
}

/**
 * The words one transaction of `forgetUnheldWords` looks at, at most: at 100,000 listings the
 * longest such transaction took about 0.2 s (a common word's postings are read whole).
 */
const WORDS_PER_SWEEP = 100;

/**
 * Forgets the words of `table`'s catalogue that no listing holds any more (edited away, or of a
 * listing erased), and the headline mark of words no headline holds. The triggers only ever add
 * words, and a dead one still counts among those a typed word begins (past
 * MAX_WORDS_PER_PREFIX the prefix is searched as a prefix, which is slower) and keeps a search
 * that can match nothing from ending before any listing is read. Every listing counts,
 * published or not: one that comes back (approved, renewed) finds its words kept, since its
 * search document did not change.
 *
 * Looks at the `limit` words after `after` (byte order) and answers the last of them, null when
 * there were none: a catalogue is swept in short transactions. Must run in one: its lock makes
 * listings written meanwhile wait, so that no word they hold is forgotten.
 */
export async function forgetUnheldWords(
  tx: Pick<Database, 'execute'>,
  table: SearchableTable,
  { after = '', limit = WORDS_PER_SWEEP }: { after?: string; limit?: number } = {},
): Promise<{ forgotten: number; unmarked: number; last: string | null }> {
  const catalogue = getTableName(table);
  await tx.execute(sql`lock table search_words in exclusive mode`);
  const batch = await tx.execute<{ last: string | null }>(sql`
    select max(word) as last from (
      select word from search_words
      where catalogue = ${catalogue} and word > ${after}
      order by word
      limit ${limit}
    ) as batch`);
  const last = batch.rows[0]?.last ?? null;
  if (last === null) return { forgotten: 0, unmarked: 0, last };
  const inBatch = sql`kept.catalogue = ${catalogue} and kept.word > ${after} and kept.word <= ${last}`;
  const word = wordAsQuery(sql`kept.word`);
  const forgotten = await tx.execute(sql`
    delete from search_words as kept
    where ${inBatch} and not exists (select 1 from ${table} where ${table.search} @@ ${word})
    returning kept.word`);
  // Headline words are document words too: the document's index finds the listings to check.
  const unmarked = await tx.execute(sql`
    update search_words as kept set in_headline = false
    where ${inBatch}
      and kept.in_headline
      and not exists (
        select 1 from ${table} where ${table.search} @@ ${word} and ${table.headline} @@ ${word}
      )
    returning kept.word`);
  return { forgotten: forgotten.rows.length, unmarked: unmarked.rows.length, last };
}

/**
 * The tsqueries (as text) a search runs for the words a visitor typed, each word a prefix of the
 * catalogue's words: every prefix is replaced by the words of that catalogue it begins
 * (`readWordsBegun`: 'kicu' and 'hou' give `('kicukiro') & ('house' | 'houses')`). GIN then
 * walks each word's postings, skipping through a common word's by a rare one's, where a prefix
 * makes it gather every posting of every word it begins first; and the planner knows how common
 * each word is. A short prefix that begins more than MAX_WORDS_PER_PREFIX words stays a prefix:
 * its matches are many, and reading the newest listings finds them. The headline's query holds
 * only words some headline of the catalogue holds: the planner cannot know that a word is in no
 * headline, and would walk every listing to find six. Null when a typed word begins no word of
 * the catalogue: nothing can match.
 */
export function toWordsQueries(begun: readonly WordsBegun[]): WordsQueries | null {
  if (begun.some((typed) => typed.words.length === 0)) return null;
  const inHeadline = begun.every((typed) => typed.headlineWords.length > 0);
  return {
    document: begun.map((typed) => prefixOperand(typed.prefix, typed.words)).join(' & '),
    headline: inHeadline
      ? begun.map((typed) => prefixOperand(typed.prefix, typed.headlineWords)).join(' & ')
      : null,
  };
}

/**
 * The word a listing's type puts in its search document and headline ('House' gives 'house'), as
 * the words a typed word begins: a search of one type adds it to the typed words, so that GIN
 * finds the listings holding all of them. The type's equality then only checks the rows found
 * (`listingFilterConditions`' `isTypeChecked`). Read from the type index, it made the planner
 * AND the words' postings with a bitmap of every listing of the type (33,000 hotels among
 * 100,000 properties) to count the matches: at that size, on the embedded database, keystrokes
 * that name a type ("3 bed apartment gi") took 6.5 ms at the median instead of 4.4.
 */
export function typeWordsBegun(type: ListingType): WordsBegun {
  const word = type.toLowerCase();
  return { prefix: word, words: [word], headlineWords: [word] };
}

/**
 * What a search matches in `table` (`toWordsQueries`): `inSearch`, the whole search document;
 * `inHeadline`, the title, type and place only (a subset of the document's words, so every
 * headline match is a search match), or null when no headline can match.
 */
export function searchConditions(
  table: SearchableTable,
  queries: WordsQueries,
): { inSearch: SQL; inHeadline: SQL | null } {
  return {
    inSearch: sql`${table.search} @@ ${queries.document}::tsquery`,
    inHeadline:
      queries.headline === null ? null : sql`${table.headline} @@ ${queries.headline}::tsquery`,
  };
}

/** The period a rent of each row's type is usually asked for (lib/listing.ts), in SQL. */
function usualPeriodOf(table: SearchableTable): SQL {
  const cases = LISTING_TYPES.map((type) => sql`when ${type} then ${defaultPricePeriod(type)}`);
  return sql`(case ${table.type} ${sql.join(cases, sql` `)} end)`;
}

/** Whether the filters compare prices: a price bound, or an order by price. */
function comparesPrices(filters: Partial<ListingFilters>): boolean {
  return (
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined ||
    filters.sort === 'price_asc' ||
    filters.sort === 'price_desc'
  );
}

/**
 * The conditions of a catalogue's filters. Prices are compared like with like: where a price
 * bound or a price order applies, rents count only when they are for the period asked
 * (`pricePeriod`), else the type's usual one; sale prices count beside them, never mixed in
 * (they sort in a group of their own). Rooms are a property's: assets have none to filter.
 * `isTypeChecked`: the type is only checked on the rows the other conditions find, never read
 * from an index (see `typeWordsBegun`).
 */
export function listingFilterConditions(
  table: SearchableTable,
  filters: Partial<ListingFilters> & { type?: ListingType },
  { isTypeChecked = false }: { isTypeChecked?: boolean } = {},
): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.type
      ? isTypeChecked
        ? // The planner takes no index for a test of a comparison.
          sql`(${table.type} = ${filters.type}) is true`
        : sql`${table.type} = ${filters.type}`
      : undefined,
    filters.offer ? eq(table.offer, filters.offer) : undefined,
    filters.district ? eq(table.district, filters.district) : undefined,
    filters.sector ? eq(table.sector, filters.sector) : undefined,
    filters.listedBy ? eq(table.listedBy, filters.listedBy) : undefined,
    filters.minPrice !== undefined ? gte(table.price, filters.minPrice) : undefined,
    filters.maxPrice !== undefined ? lte(table.price, filters.maxPrice) : undefined,
  ];
  const period =
    filters.pricePeriod ?? (filters.type ? defaultPricePeriod(filters.type) : undefined);
  if (filters.pricePeriod || comparesPrices(filters)) {
    const rentPeriod = period ? sql`${period}` : usualPeriodOf(table);
    conditions.push(
      filters.offer === 'Rent'
        ? sql`${table.pricePeriod} = ${rentPeriod}`
        : or(eq(table.offer, 'Sale'), sql`${table.pricePeriod} = ${rentPeriod}`),
    );
  }
  if ('bedrooms' in table) {
    if (filters.bedrooms !== undefined) conditions.push(gte(table.bedrooms, filters.bedrooms));
    if (filters.bathrooms !== undefined) conditions.push(gte(table.bathrooms, filters.bathrooms));
  }
  const near = filters.near ? parseNear(filters.near) : undefined;
  if (near) conditions.push(...nearConditions(table, near, filters.radiusKm));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** A table with public points (db/schema.ts `located`). */
type PointedTable = { publicLatitude: AnyPgColumn; publicLongitude: AnyPgColumn };

/** Km per degree of latitude on lib/geo.ts's sphere (radius 6371.0088 km). */
const KM_PER_DEGREE = (Math.PI * 6371.0088) / 180;

/**
 * How far each row's public point is from `point`, as the square of a distance in degrees of
 * latitude on a plane laid at `point`'s latitude (equirectangular): the sort key and the filter
 * of a "near" list. Within 50 km of a place in Rwanda it ranks and bounds the points as the
 * haversine of lib/geo.ts `distanceKm` does, to a few metres, at a fifth of the cost: no
 * trigonometry per row, where a list around a busy place measures thousands of rows.
 */
function planarDistanceFrom(table: PointedTable, point: Point): SQL<number> {
  const north = sql`(${table.publicLatitude} - ${point.latitude}::float8)`;
  const east = sql`((${table.publicLongitude} - ${point.longitude}::float8) * ${Math.cos((point.latitude * Math.PI) / 180)}::float8)`;
  return sql<number>`(${north} * ${north} + ${east} * ${east})`;
}

type SqlPoint = { latitude: SQL | AnyPgColumn; longitude: SQL | AnyPgColumn };

/** The distance in km between two points given as SQL (lib/geo.ts `distanceKm`'s haversine). */
export function distanceKmSql(a: SqlPoint, b: SqlPoint): SQL<number> {
  return sql<number>`(${2 * 6371.0088}::float8 * asin(least(1, sqrt(
    power(sin(radians(${a.latitude} - ${b.latitude}) / 2), 2)
    + cos(radians(${b.latitude})) * cos(radians(${a.latitude}))
    * power(sin(radians(${a.longitude} - ${b.longitude}) / 2), 2)))))`;
}

/**
 * The rows whose public point lies within `radiusKm` of `point`: first inside a box around the
 * circle (read from the published points' index), then measured. A private listing is found by
 * its public point only, so no radius, however small, tells where its exact point is.
 */
function nearConditions(
  table: PointedTable,
  point: Point,
  radiusKm = NEAR_RADIUS_DEFAULT_KM,
): SQL[] {
  const box = boundingBox(point, radiusKm);
  return [
    sql`${table.publicLatitude} between ${box.south}::float8 and ${box.north}::float8`,
    sql`${table.publicLongitude} between ${box.west}::float8 and ${box.east}::float8`,
    sql`${planarDistanceFrom(table, point)} <= ${(radiusKm / KM_PER_DEGREE) ** 2}::float8`,
  ];
}

/**
 * The order of a filtered list: the newest first, by price with rents before sales, or the
 * nearest first (the newest first without `near`).
 */
export function listingOrder(
  table: SearchableTable,
  sort: ListingFilters['sort'],
  near?: string,
): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(table.offer), asc(table.price), asc(table.id)];
    case 'price_desc':
      return [asc(table.offer), desc(table.price), desc(table.id)];
    case 'distance': {
      const point = near ? parseNear(near) : undefined;
      if (point) {
        return [asc(planarDistanceFrom(table, point)), desc(table.createdAt), asc(table.id)];
      }
      return [desc(table.createdAt), asc(table.id)];
    }
    case 'newest':
      return [desc(table.createdAt), asc(table.id)];
  }
}

/** A property's or an asset's id, with which of the two it is. */
type ListingRef = { listingId: string; listingKind: 'property' | 'asset' };

/**
 * The rows of the listings named that are on offer (published and available), each table read
 * once: what an alert or a digest lists.
 */
export async function readOnOffer(executor: Pick<Database, 'select'>, refs: ListingRef[]) {
  const ids = (kind: ListingRef['listingKind']) =>
    refs.filter((ref) => ref.listingKind === kind).map((ref) => ref.listingId);
  const onOffer = (table: SearchableTable, kindIds: string[]) =>
    and(inArray(table.id, kindIds), isPublishedIn(table), eq(table.availability, 'Available'));
  const [propertyRows, assetRows] = await Promise.all([
    ids('property').length === 0
      ? []
      : executor
          .select()
          .from(properties)
          .where(onOffer(properties, ids('property'))),
    ids('asset').length === 0
      ? []
      : executor
          .select()
          .from(assets)
          .where(onOffer(assets, ids('asset'))),
  ]);
  return { propertyRows, assetRows };
}

/** Whether the listing's owner is a verified seller (an admin checked their identity). */
export function ownerVerifiedIn(table: typeof properties | typeof assets): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${table.ownerId} and ${users.verifiedAt} is not null)`;
}
