import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

// Counts that stop at a cap: a list says "N+" rather than read every row of a large table to
// number its pages (docs/decisions/003).

/** Beyond this many rows a list (a type's listings, an admin's table) answers "N+" (83 pages of 12). */
export const LIST_COUNT_CAP = 1000;

/**
 * Counts the rows of `from` (a table and its conditions) up to `cap`, reading at most cap + 1
 * rows. Answers the count and whether it stopped at the cap.
 */
export async function countUpTo(
  db: Database,
  from: SQL,
  cap: number,
): Promise<{ total: number; isTotalCapped: boolean }> {
  const result = await db.execute<{ total: number }>(
    sql`select ${countUpToSql(from, cap)} as total`,
  );
  return capTotal(Number(result.rows[0]?.total ?? 0), cap);
}

/** `countUpTo` as an expression, for a query that reads something else as well. */
export function countUpToSql(from: SQL, cap: number): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${from} limit ${cap + 1}) as counted)`;
}

/** A total counted up to cap + 1 rows: the count, capped, and whether the cap was reached. */
export function capTotal(counted: number, cap: number): { total: number; isTotalCapped: boolean } {
  return { total: Math.min(counted, cap), isTotalCapped: counted > cap };
}
