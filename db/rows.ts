import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '#lib/listing-schemas.ts';
import type { Page } from '#lib/pagination.ts';
import { countUpTo, LIST_COUNT_CAP } from './counting.ts';
import type { Database, Transaction } from './client.ts';

/** `%text%` for ILIKE, with LIKE's wildcards in the text escaped so they match literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A table whose rows have an id and a creation time, as the admin's lists do. */
type ListedTable = PgTable & { id: PgColumn; createdAt: PgColumn };

/** A page of the rows matching `where`, newest first (id breaks ties), with the capped total. */
export async function listNewestFirst<Table extends ListedTable, View>(
  db: Database,
  table: Table,
  where: SQL | undefined,
  query: { page: number; pageSize: number },
  toView: (row: Table['$inferSelect']) => View,
): Promise<Page<View>> {
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    countUpTo(db, where ? sql`${table} where ${where}` : sql`${table}`, LIST_COUNT_CAP),
  ]);
  return {
    items: (rows as Table['$inferSelect'][]).map(toView),
    page: query.page,
    pageSize: query.pageSize,
    ...count,
  };
}

/**
 * Updates one row by id and runs `alongside` (an audit entry) in the same transaction, so that
 * neither is kept without the other. Answers the row as updated.
 */
export async function updateByIdWith<Table extends ListedTable>(
  db: Database,
  table: Table,
  id: string,
  values: Partial<Table['$inferInsert']>,
  alongside: (tx: Transaction) => Promise<void>,
): Promise<Table['$inferSelect']> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(table as PgTable)
      .set(values as never)
      .where(eq(table.id, id))
      .returning();
    await alongside(tx);
    return row as Table['$inferSelect'];
  });
}

/** Marks the live rows matching `where` deleted (kept in the table); how many it marked. */
export async function softDeleteWhere(
  executor: Pick<Database, 'update'>,
  table: ListedTable & { deletedAt: PgColumn },
  where: SQL,
  now: Date,
): Promise<number> {
  const marked = await executor
    .update(table as PgTable)
    .set({ deletedAt: now, updatedAt: now } as never)
    .where(and(where, isNull(table.deletedAt)))
    .returning({ id: table.id });
  return marked.length;
}

/** The row with this id that also matches `where`, if any (an id that is no UUID names none). */
export async function findById<Table extends ListedTable>(
  db: Database,
  table: Table,
  id: string,
  where: SQL | undefined,
): Promise<Table['$inferSelect'] | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), where));
  return row as Table['$inferSelect'] | undefined;
}
