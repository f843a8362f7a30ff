import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '#config/paths.ts';
import { withAfterCommit } from './after-commit.ts';
import { runDataSteps } from './data-steps.ts';
import { openPgliteThread } from './pglite-client.ts';
import * as schema from './schema.ts';

import type { Database } from './database.ts';

export type { Database, Transaction } from './database.ts';

/** A raw SQL runner with `$1` parameters, for libraries that bring their own SQL (pg-boss). */
export type SqlRunner = {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** The same connection(s) as `db`, for SQL written elsewhere. */
  sql: SqlRunner;
  /** Applies the committed SQL migrations, then the data steps, that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to clone it quickly (tests). */
  dumpDataDir?: () => Promise<Blob>;
};

export type DatabaseOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | {
      engine: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** Its page cache (shared_buffers) in MB; PGlite's 128 without it. */
      cacheMb?: number;
    };

const PGLITE_FOLDER = 'db';
/** The advisory lock held while one process migrates a PostgreSQL database. */
const MIGRATION_LOCK_KEY = 7_406_551_233;

/** Opens PGlite in `DATA_DIR/db` unless a PostgreSQL URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A connection the server closes while idle (a restart, a terminated backend, a dropped
    // test database) is removed by the pool and replaced on the next query. Without a listener
    // its 'error' would be an uncaught exception that stops the process.
    pool.on('error', () => undefined);
    const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' });
    withAfterCommit(db);
    await pool.query('select 1');
    return {
      db,
      engine: 'postgres',
      sql: { executeSql: (text, values) => pool.query(text, values) },
      async migrate() {
        // Processes started together take turns: the first migrates, the others then find
        // nothing left to do. The lock belongs to one session, held while others migrate.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePostgres(db, { migrationsFolder: migrationsDir });
            await runDataSteps(db);
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = await openPgliteThread({
    dataDir: options.dataDir ? path.join(options.dataDir, PGLITE_FOLDER) : undefined,
    loadDataDir: options.loadDataDir,
    startParams: options.cacheMb
      ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.cacheMb}MB`]
      : undefined,
    rawTypes: DRIZZLE_RAW_TYPES,
  });
  // drizzle's driver asks only `query` and `transaction` of a PGlite, which the thread answers.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, casing: 'snake_case' });
  withAfterCommit(db);
  return {
    db,
    engine: 'pglite',
    sql: { executeSql: client.executeSql },
    async migrate() {
      await migratePglite(db, { migrationsFolder: migrationsDir });
      await runDataSteps(db);
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir(),
  };
}

/**
 * The types drizzle's PGlite driver reads as PostgreSQL writes them (it maps them itself): with
 * every query it passes a parser for each that returns the text unchanged.
 */
export const DRIZZLE_RAW_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
