import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '#db/client.ts';
import { capTotal, countUpTo, countUpToSql, LIST_COUNT_CAP } from '#db/counting.ts';
import type { Clock } from '#lib/clock.ts';
import { NotFoundError } from '#lib/errors.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { DistrictCount, Page } from '#lib/pagination.ts';
import { searchWords } from '#lib/search-text.ts';
import { HOME_GRID_SIZE } from '#lib/limits.ts';
import type { ListingType } from '#lib/listing.ts';
import { toListingFilters } from '#lib/listing.ts';
import { DISTRICTS } from '#lib/places.ts';
import {
  isPublishedSql,
  listingFilterConditions,
  listingOrder,
  readWordsBegun,
  SEARCH_MATCH_CAP,
  searchConditions,
  toWordsQueries,
  typeWordsBegun,
  type WordsBegun,
} from './catalogue.sql.ts';
import type { ListingTable } from './catalogue.kinds.ts';

/** What a listing's similar listings are chosen by. */
export type SimilarTo = {
  _id: string;
  type: ListingType;
  status: 'Rent' | 'Sale';
  district: string | null;
  pricePeriod: string | null;
  price: number;
};

export type CatalogueListQuery = Partial<ListQuery> & { type?: ListingType; ownerId?: string };

/**
 * The read queries every published catalogue (properties, assets) answers the same way:
 * one listing, a filtered page, a live search and the sitemap ids. The listings and assets
 * services give it their table, the columns their view needs and how a row becomes a view.
 */
export function createCatalogueQueries<Row, View>({
  db,
  clock,
  table,
  columns,
  toView,
  notFoundMessage,
  keepWordsBegun = (_typedWord, read) => read(),
  featuredPerPage = async () => 0,
  keepFeaturedEnd = (read) => read(),
  keepFeatured = (_key, read) => read(),
}: {
  db: Database;
  clock: Clock;
  table: ListingTable;
  /** The columns `toView` reads (never the search vectors: they are large). */
  columns: SelectedFields;
  toView: (row: Row, now: Date) => View;
  notFoundMessage: () => string;
  /**
   * What a typed word begins, from the service's cache (forgotten on every catalogue change):
   * read once for the many keystrokes that type it. Without it every search reads it.
   */
  keepWordsBegun?: (typedWord: string, read: () => Promise<WordsBegun>) => Promise<WordsBegun>;
  /** How many featured listings a page shows at most (the prices' featuredPerPage). */
  featuredPerPage?: () => Promise<number>;
  /** When the last running boost ends, from the service's cache (cacheFeaturedEnd). */
  keepFeaturedEnd?: (read: () => Promise<Date | null>) => Promise<Date | null>;
  /** A list's featured listings by its key (filters and page), from the service's cache. */
  keepFeatured?: (key: string, read: () => Promise<View[]>) => Promise<View[]>;
}) {
  const toViews = (rows: unknown[]) => {
    const now = clock();
    return (rows as Row[]).map((row) => toView(row, now));
  };

  /** One published listing, or NotFound. */
  async function getPublished(id: string): Promise<View> {
    const rows = await db
      .select(columns)
      .from(table)
      .where(and(eq(table.id, id), isPublishedSql));
    const [view] = toViews(rows);
    if (view === undefined) throw new NotFoundError(notFoundMessage());
    return view;
  }

  /** The published rows a query's filters (and owner) keep. */
  function publishedWhere(query: CatalogueListQuery, options?: { isTypeChecked?: boolean }): SQL {
    return and(
      isPublishedSql,
      ...listingFilterConditions(table, toListingFilters(query), options),
      query.ownerId ? eq(table.ownerId, query.ownerId) : undefined,
    )!;
  }

  /**
   * The listings a boost features that `where` keeps, for page `page`: at most `featuredPerPage`
   * on each page, each shown on one page, in an order that changes every hour so that every
   * boosted listing takes the first places in turn. None is read while no boost runs.
   */
  async function readFeatured(where: SQL, page: number, key: string): Promise<View[]> {
    const perPage = await featuredPerPage();
    if (perPage === 0) return [];
    const now = clock();
    const end = await keepFeaturedEnd(async () => {
      const [latest] = await db
        .select({ end: sql<Date | null>`max(${table.featuredUntil})`.mapWith(table.featuredUntil) })
        .from(table)
        .where(and(isPublishedSql, sql`${table.featuredUntil} > ${now}`));
      return latest?.end ?? null;
    });
    if (!end || end <= now) return [];
    const rotation = now.toISOString().slice(0, 13);
    return keepFeatured(`${rotation} ${perPage} ${page} ${key}`, async () => {
      const rows = await db
        .select(columns)
        .from(table)
        .where(and(where, sql`${table.featuredUntil} > ${now}`))
        .orderBy(sql`md5(${table.id}::text || ${rotation})`)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return toViews(rows);
    });
  }

  /** A list's key for its featured listings: its filters (and owner, and the words searched). */
  const featuredKey = (query: CatalogueListQuery, text = '') =>
    JSON.stringify([text, query.type ?? null, query.ownerId ?? null, toListingFilters(query)]);

  /**
   * A page of published listings, filtered (listingFilterConditions), of one owner or all; with
   * the boosted listings the same filters keep (`featured`, shown above the page).
   */
  async function listPublished(
    query: CatalogueListQuery,
    countCap = LIST_COUNT_CAP,
  ): Promise<Page<View>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 12;
    const where = publishedWhere(query);
    const order = listingOrder(table, query.sort ?? 'newest', query.near);
    const offset = (page - 1) * pageSize;
    const [rows, count, featured] = await Promise.all([
      query.near && query.sort === 'distance'
        ? // The page's ids first, sorted within the type-and-point index without reading a
          // row (the distance of thousands of listings around a busy place), then its rows.
          db
            .select(columns)
            .from(table)
            .where(
              inArray(
                table.id,
                db
                  .select({ id: table.id })
                  .from(table)
                  .where(where)
                  .orderBy(...order)
                  .limit(pageSize)
                  .offset(offset),
              ),
            )
            .orderBy(...order)
        : db
            .select(columns)
            .from(table)
            .where(where)
            .orderBy(...order)
            .limit(pageSize)
            .offset(offset),
      countUpTo(db, sql`${table} where ${where}`, countCap),
      readFeatured(where, page, featuredKey(query)),
    ]);
    return { items: toViews(rows), featured, page, pageSize, ...count };
  }

  /**
   * Published listings matching what a visitor typed in their title, type, location, features
   * or description: those matching in title, type or location (the headline) first, the newest
   * first within each. Counts up to SEARCH_MATCH_CAP matches; an empty text gives the newest
   * listings. Sorted by price, it orders the newest SEARCH_MATCH_CAP + 1 matches (decision 003).
   */
  async function searchPublished(
    text: string,
    query: Omit<CatalogueListQuery, 'ownerId'> = {},
  ): Promise<Page<View>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? HOME_GRID_SIZE;
    const typedWords = searchWords(text);
    if (typedWords.length === 0) {
      return listPublished({ ...query, page, pageSize }, SEARCH_MATCH_CAP);
    }
    const begun = await Promise.all(
      typedWords.map((word) => keepWordsBegun(word, () => readWordsBegun(db, table, word))),
    );
    // A type is found by its word with the others, and checked on the rows found.
    const wordsQueries = toWordsQueries(
      query.type ? [...begun, typeWordsBegun(query.type)] : begun,
    );
    if (wordsQueries === null) return { items: [], page, pageSize, total: 0, isTotalCapped: false };
    const where = publishedWhere(query, { isTypeChecked: true });
    const { inSearch, inHeadline } = searchConditions(table, wordsQueries);
    const offset = (page - 1) * pageSize;
    const sort = toListingFilters(query).sort;
    const matches = sql`${table} where ${and(where, inSearch)}`;
    if (sort && sort !== 'newest') {
      const [rows, featured] = await Promise.all([
        readNewestMatchesSorted(and(where, inSearch)!, sort, query.near, pageSize, offset),
        readFeatured(and(where, inSearch)!, page, featuredKey(query, text)),
      ]);
      const count = await countUpTo(db, matches, SEARCH_MATCH_CAP);
      return { items: toViews(rows), featured, page, pageSize, ...count };
    }
    // The count rides on the page's first read: a keystroke's search is one query fewer.
    const [read, featured] = await Promise.all([
      readHeadlineMatchesFirst(
        where,
        { inSearch, inHeadline },
        { limit: pageSize, offset, count: countUpToSql(matches, SEARCH_MATCH_CAP) },
      ),
      readFeatured(and(where, inSearch)!, page, featuredKey(query, text)),
    ]);
    const { rows } = read;
    // A first page that is not full holds every match: no need to count them.
    const count =
      offset === 0 && rows.length < pageSize
        ? capTotal(rows.length, SEARCH_MATCH_CAP)
        : read.count !== undefined
          ? capTotal(read.count, SEARCH_MATCH_CAP)
          : await countUpTo(db, matches, SEARCH_MATCH_CAP);
    return { items: toViews(rows), featured, page, pageSize, ...count };
  }

  /** A page of the newest rows matching `where`. */
  function readNewest(where: SQL, limit: number, offset: number) {
    return db
      .select(columns)
      .from(table)
      .where(where)
      .orderBy(...listingOrder(table, 'newest'))
      .limit(limit)
      .offset(offset);
  }

  /**
   * `readNewest`, and `count` (read once, whatever the number of rows) with them; undefined when
   * there are no rows to carry it.
   */
  async function readNewestCounting(
    where: SQL,
    { limit, offset, count }: { limit: number; offset: number; count: SQL<number> },
  ): Promise<{ rows: unknown[]; count: number | undefined }> {
    const rows = await db
      .select({ ...columns, matchCount: count })
      .from(table)
      .where(where)
      .orderBy(...listingOrder(table, 'newest'))
      .limit(limit)
      .offset(offset);
    return { rows, count: rows[0]?.matchCount };
  }

  /**
   * A page of the matches ordered headline matches first, the newest first within each: two
   * plain `order by created_at desc limit n` reads, which PostgreSQL answers by walking the
   * newest-first index for a broad prefix (a few rows read) and from the GIN indexes for a rare
   * word. The matches outside the headline are read only when the headline ones run out; when
   * no headline can match, the page is the newest matches. The first read carries `count` when it
   * finds rows (`readNewestCounting`).
   */
  async function readHeadlineMatchesFirst(
    where: SQL,
    { inSearch, inHeadline }: { inSearch: SQL; inHeadline: SQL | null },
    { limit, offset, count }: { limit: number; offset: number; count: SQL<number> },
  ): Promise<{ rows: unknown[]; count: number | undefined }> {
    if (!inHeadline) return readNewestCounting(and(where, inSearch)!, { limit, offset, count });
    const headline = await readNewestCounting(and(where, inHeadline)!, { limit, offset, count });
    const headlineRows = headline.rows;
    if (headlineRows.length === limit) return headline;
    // Past the last headline match, the page continues into the others at the offset left.
    const headlineTotal =
      headlineRows.length > 0 || offset === 0
        ? offset + headlineRows.length
        : (await countUpTo(db, sql`${table} where ${and(where, inHeadline)}`, offset)).total;
    const otherRows = await readNewest(
      and(where, inSearch, sql`not (${inHeadline})`)!,
      limit - headlineRows.length,
      offset - headlineTotal + headlineRows.length,
    );
    return { rows: [...headlineRows, ...otherRows], count: headline.count };
  }

  /**
   * A page of the newest SEARCH_MATCH_CAP + 1 matches, ordered by price or by distance from
   * `near`: sorting every match of a broad prefix would read them all (decision 003).
   */
  async function readNewestMatchesSorted(
    matching: SQL,
    sort: 'price_asc' | 'price_desc' | 'distance',
    near: string | undefined,
    limit: number,
    offset: number,
  ): Promise<unknown[]> {
    const newest = db.$with('newest').as(
      db
        .select({ newestId: sql<string>`${table.id}`.as('newest_id') })
        .from(table)
        .where(matching)
        .orderBy(...listingOrder(table, 'newest'))
        .limit(SEARCH_MATCH_CAP + 1),
    );
    // The page is chosen among the candidates' ids, so only its rows are read in full.
    const pageIds = db
      .with(newest)
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, db.select({ id: newest.newestId }).from(newest)))
      .orderBy(...listingOrder(table, sort, near))
      .limit(limit)
      .offset(offset);
    return db
      .select(columns)
      .from(table)
      .where(inArray(table.id, pageIds))
      .orderBy(...listingOrder(table, sort, near));
  }

  /**
   * How many published listings each district holds for the query's filters (its own district
   * left out), counted up to `cap` each; districts without any are left out, the fullest first.
   */
  async function countByDistrict(
    query: Omit<CatalogueListQuery, 'ownerId'>,
    cap = LIST_COUNT_CAP,
  ): Promise<DistrictCount[]> {
    const where = publishedWhere({ ...query, district: undefined, sector: undefined });
    const districts = sql.join(
      DISTRICTS.map((district) => sql`(${district.name})`),
      sql`, `,
    );
    const result = await db.execute<{ district: string; total: number }>(
      sql`select d.name as district,
        (select count(*)::int from (select 1 from ${table} where ${where} and ${table.district} = d.name limit ${cap + 1}) as counted) as total
        from (values ${districts}) as d(name)`,
    );
    return result.rows
      .map((row) => ({ district: row.district, ...capTotal(Number(row.total), cap) }))
      .filter((row) => row.total > 0)
      .sort((a, b) => b.total - a.total || a.district.localeCompare(b.district));
  }

  /** Ids and change dates of published listings, newest first, for the sitemap. */
  async function listPublishedIds(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return db
      .select({ id: table.id, updatedAt: table.updatedAt })
      .from(table)
      .where(isPublishedSql)
      .orderBy(desc(table.createdAt))
      .limit(limit);
  }

  /**
   * Up to `limit` other published listings like `listing`: the same type, offer, district and
   * rent period, priced within 40% of it, the closest in price first.
   */
  async function listSimilar(listing: SimilarTo, limit: number): Promise<View[]> {
    const like = and(
      isPublishedSql,
      sql`${table.type} = ${listing.type}`,
      eq(table.offer, listing.status),
      listing.district ? eq(table.district, listing.district) : undefined,
      // A sale has no period (a check constraint). Saying so, and sorting by the period too
      // (one value here), lets the filters index hand over rows already in price order: the
      // planner does not take `is null` as fixing a column's order.
      listing.pricePeriod
        ? sql`${table.pricePeriod} = ${listing.pricePeriod}`
        : isNull(table.pricePeriod),
      sql`${table.id} <> ${listing._id}`,
    );
    // The nearest prices on each side, each read in the filters index's order: `limit` rows at
    // most from each, rather than sorting every listing within 40% by its distance.
    const [above, below] = await Promise.all([
      db
        .select(columns)
        .from(table)
        .where(
          and(
            like,
            sql`${table.price} between ${listing.price} and ${Math.ceil(listing.price * 1.4)}`,
          ),
        )
        .orderBy(asc(table.pricePeriod), asc(table.price))
        .limit(limit),
      db
        .select(columns)
        .from(table)
        .where(
          and(
            like,
            sql`${table.price} >= ${Math.floor(listing.price * 0.6)} and ${table.price} < ${listing.price}`,
          ),
        )
        .orderBy(desc(table.pricePeriod), desc(table.price))
        .limit(limit),
    ]);
    const distance = (row: unknown) => Math.abs((row as { price: number }).price - listing.price);
    return toViews([...above, ...below].sort((a, b) => distance(a) - distance(b)).slice(0, limit));
  }

  /** Each type, offer and district that has published listings, for the landing pages. */
  async function listPublishedPlaces(): Promise<
    { type: ListingType; offer: 'Rent' | 'Sale'; district: string }[]
  > {
    const rows = await db
      .selectDistinct({ type: table.type, offer: table.offer, district: table.district })
      .from(table)
      .where(and(isPublishedSql, sql`${table.district} is not null`));
    return rows as { type: ListingType; offer: 'Rent' | 'Sale'; district: string }[];
  }

  /** Who owns a listing (any moderation state, not deleted); undefined when there is none. */
  async function getOwnerId(id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ ownerId: table.ownerId })
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt)));
    return row?.ownerId;
  }

  return {
    getPublished,
    listPublished,
    searchPublished,
    countByDistrict,
    listPublishedIds,
    listPublishedPlaces,
    listSimilar,
    getOwnerId,
  };
}
