import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Beyond this many matches a search answers "N+": counting and ranking every row of a broad
 * match costs more than the six best cards are worth (see docs/decisions/003).
 */
export const SEARCH_MATCH_CAP = 200;

/** Beyond this many rows a type list answers "N+" (83 pages of 12). */
export const LIST_COUNT_CAP = 1000;

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
 * The ids of the published rows of `table` matching a prefix query, best first, and how many
 * match, in one pass: only the first SEARCH_MATCH_CAP + 1 matches are read, ranked and counted,
 * so a broad prefix ("k") costs no more than a narrow one. Beyond the cap the total reads "N+"
 * and the best six are the best of the matches read.
 */
export async function searchPublishedIds(
  db: Database,
  table: 'properties' | 'assets',
  prefixQuery: string,
  limit: number,
): Promise<{ ids: string[]; total: number; isTotalCapped: boolean }> {
  const query = sql`to_tsquery('simple', ${prefixQuery})`;
  const result = await db.execute<{ id: string; total: number }>(sql`
    with matches as (
      select id, created_at, ts_rank(search, ${query}) as rank
      from ${sql.identifier(table)}
      where search @@ ${query} and ${isPublishedSql}
      limit ${SEARCH_MATCH_CAP + 1}
    )
    select id, (select count(*)::int from matches) as total
    from matches
    order by rank desc, created_at desc, id
    limit ${limit}`);
  const counted = Number(result.rows[0]?.total ?? 0);
  return {
    ids: result.rows.map((row) => row.id),
    total: Math.min(counted, SEARCH_MATCH_CAP),
    isTotalCapped: counted > SEARCH_MATCH_CAP,
  };
}
