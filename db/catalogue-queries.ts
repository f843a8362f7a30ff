import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Clock } from '#lib/clock.ts';
import type { Availability } from '#lib/listing.ts';
import { isOwnerOrAdmin, type Actor } from '#lib/account.ts';
import { ForbiddenError, NotFoundError } from '#lib/errors.ts';
import { t } from '#lib/i18n.admin.ts';
import type { ListQuery } from '#lib/listing-schemas.ts';
import type { Page } from '#lib/pagination.ts';
import { toPrefixQuery } from '#lib/search-text.ts';
import {
  bestMatchesFirst,
  capTotal,
  countUpTo,
  isPublishedSql,
  LIST_COUNT_CAP,
  matchCount,
  publishedMatches,
  SEARCH_MATCH_CAP,
} from './catalogue-sql.ts';
import type { Database, Transaction } from './client.ts';
import type { assets, properties } from './schema.ts';

type ListingTable = typeof properties | typeof assets;
type ListingRow = typeof properties.$inferSelect | typeof assets.$inferSelect;

export type CatalogueListQuery = Partial<ListQuery> & { type?: string; ownerId?: string };

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
}: {
  db: Database;
  clock: Clock;
  table: ListingTable;
  /** The columns `toView` reads (never the search vectors: they are large). */
  columns: SelectedFields;
  toView: (row: Row, now: Date) => View;
  notFoundMessage: () => string;
}) {
  const listOrder: Record<ListQuery['sort'], SQL[]> = {
    newest: [desc(table.createdAt), asc(table.id)],
    'price-asc': [asc(table.price), asc(table.id)],
    'price-desc': [desc(table.price), desc(table.id)],
  };
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

  /** A page of published listings, optionally of one type, one offer or one owner. */
  async function listPublished(
    query: CatalogueListQuery,
    countCap = LIST_COUNT_CAP,
  ): Promise<Page<View>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 12;
    const where = and(
      isPublishedSql,
      query.type ? sql`${table.type} = ${query.type}` : undefined,
      query.status ? eq(table.offer, query.status) : undefined,
      query.ownerId ? eq(table.ownerId, query.ownerId) : undefined,
    );
    const [rows, count] = await Promise.all([
      db
        .select(columns)
        .from(table)
        .where(where)
        .orderBy(...listOrder[query.sort ?? 'newest'])
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      countUpTo(db, sql`${table} where ${where}`, countCap),
    ]);
    return { items: toViews(rows), page, pageSize, ...count };
  }

  /**
   * Published listings matching what a visitor typed in their title, type, location, features
   * or description: those matching in title, type or location first, the newest first within
   * each. Reads at most SEARCH_MATCH_CAP matches; an empty text gives the newest listings.
   */
  async function searchPublished(text: string, limit: number): Promise<Page<View>> {
    const prefixQuery = toPrefixQuery(text);
    if (!prefixQuery) return listPublished({ pageSize: limit }, SEARCH_MATCH_CAP);
    const matches = publishedMatches(db, table, prefixQuery);
    const rows = await db
      .with(matches)
      .select({ ...columns, matchCount: matchCount(matches) })
      .from(matches)
      .innerJoin(table, eq(table.id, matches.matchId))
      .orderBy(...bestMatchesFirst(matches))
      .limit(limit);
    const counted = (rows[0] as { matchCount?: number } | undefined)?.matchCount ?? 0;
    return {
      items: toViews(rows),
      page: 1,
      pageSize: limit,
      ...capTotal(counted, SEARCH_MATCH_CAP),
    };
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

  /** Who owns a listing (any moderation state, not deleted); undefined when there is none. */
  async function getOwnerId(id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ ownerId: table.ownerId })
      .from(table)
      .where(and(eq(table.id, id), isNull(table.deletedAt)));
    return row?.ownerId;
  }

  /** Marks a listing available, sold or rented. Only its owner or an admin may. */
  /**
   * Marks a listing available, sold or rented (its owner or an admin); `written` runs in the
   * same transaction with the row before and after.
   */
  async function setAvailability(
    id: string,
    availability: Availability,
    actor: Actor,
    written: (before: ListingRow, after: ListingRow, tx: Transaction) => Promise<void>,
  ): Promise<void> {
    const ownerId = await getOwnerId(id);
    if (!ownerId) throw new NotFoundError(notFoundMessage());
    if (!isOwnerOrAdmin(actor, ownerId)) throw new ForbiddenError(t('auth.forbidden'));
    await db.transaction(async (tx) => {
      const live = and(eq(table.id, id), isNull(table.deletedAt));
      const [before] = await tx.select().from(table).where(live).for('update');
      if (!before) throw new NotFoundError(notFoundMessage());
      const [after] = await tx
        .update(table)
        .set({ availability, updatedAt: clock() })
        .where(live)
        .returning();
      await written(before as ListingRow, after as ListingRow, tx);
    });
  }

  return {
    getPublished,
    listPublished,
    searchPublished,
    listPublishedIds,
    getOwnerId,
    setAvailability,
  };
}
