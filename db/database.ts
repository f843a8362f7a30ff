import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

type Schema = typeof schema;

/** What both drivers answer to a raw query: node-postgres and PGlite results both carry `rows`. */
type RowsResult<Row> = { rows: Row[] };
interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this['row']>;
}

/** The one database type services accept: the same queries run on PGlite and on PostgreSQL. */
export type Database = PgDatabase<RowsResultHKT, Schema>;
export type Transaction = PgTransaction<RowsResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
