import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Beyond this many matches a search answers "N+" instead of counting every row. */
export const SEARCH_MATCH_CAP = 1000;

/** Beyond this many rows a type list answers "N+"; pages past it are not offered. */
export const LIST_COUNT_CAP = 10000;

/** The published rows of a listings table: approved and not deleted. */
export const isPublishedSql = sql`moderation = 'Approved' and deleted_at is null`;

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
    sql`select count(*)::int as total from (select 1 from ${from} limit ${cap + 1}) as counted`,
  );
  const counted = Number(result.rows[0]?.total ?? 0);
  return counted > cap
    ? { total: cap, isTotalCapped: true }
    : { total: counted, isTotalCapped: false };
}

/**
 * The ids of the published rows of `table` matching a prefix query, best first, plus how many
 * match (capped). Ranks at most SEARCH_MATCH_CAP matches, so a broad prefix stays cheap.
 */
export async function searchPublishedIds(
  db: Database,
  table: 'properties' | 'assets',
  prefixQuery: string,
  limit: number,
): Promise<{ ids: string[]; total: number; isTotalCapped: boolean }> {
  const query = sql`to_tsquery('simple', ${prefixQuery})`;
  const matches = sql`${sql.identifier(table)} where search @@ ${query} and ${isPublishedSql}`;
  const [ranked, count] = await Promise.all([
    db.execute<{ id: string }>(sql`
      select id from (
        select id, created_at, ts_rank(search, ${query}) as rank from ${matches}
        limit ${SEARCH_MATCH_CAP}
      ) as candidates
      order by rank desc, created_at desc, id
      limit ${limit}`),
    countUpTo(db, matches, SEARCH_MATCH_CAP),
  ]);
  return { ids: ranked.rows.map((row) => row.id), ...count };
}
