import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';

/**
 * A fresh, migrated database for one test file. On PostgreSQL (TEST_DATABASE_URL) it is a new
 * database cloned from a migrated template; on PGlite it is loaded from a migrated snapshot, so
 * no test migrates from scratch or sees another's rows.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createPostgresTestDatabase(serverUrl);
  const snapshot = process.env.TEST_PGLITE_SNAPSHOT;
  if (!snapshot) throw new Error('TEST_PGLITE_SNAPSHOT is not set: run tests through vitest');
  const bytes = await fs.readFile(snapshot);
  return openDatabase({ engine: 'pglite', loadDataDir: new Blob([bytes]) });
}

const TEMPLATE_DATABASE = 'marketplace_test_template';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function createPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const { url, drop } = await createMigratedPostgresDatabase(serverUrl);
  const handle = await openDatabase({ engine: 'postgres', url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A new PostgreSQL database cloned from the migrated template, for tests that start real server
 * processes on it: its URL, and `drop` (which also ends any connection left to it).
 */
export async function createMigratedPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `marketplace_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const cleaner = new pg.Client({ connectionString: serverUrl });
      await cleaner.connect();
      try {
        await cleaner.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}

/** Builds what createTestDatabase copies: a migrated PGlite snapshot or PostgreSQL template. */
export async function prepareTestDatabases(snapshotFile: string): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await admin.query(`create database ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const template = await openDatabase({
      engine: 'postgres',
      url: withDatabase(serverUrl, TEMPLATE_DATABASE),
    });
    await template.migrate();
    await template.close();
    return;
  }
  const handle = await openDatabase({ engine: 'pglite' });
  await handle.migrate();
  const dump = await handle.dumpDataDir!();
  await fs.writeFile(snapshotFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

/** Which catalogue's words `search_words` keeps. */
export type SearchCatalogue = 'properties' | 'assets';

/** Whether `search_words` keeps `word` for the catalogue (the listings' triggers write it). */
export async function isSearchWordKept(
  db: Database,
  word: string,
  catalogue: SearchCatalogue = 'properties',
): Promise<boolean> {
  const result = await db.execute<{ kept: boolean }>(
    sql`select exists (
      select 1 from search_words where catalogue = ${catalogue} and word = ${word}
    ) as kept`,
  );
  return result.rows[0]!.kept;
}

/** Whether a kept word stands in some listing's headline (title, type, place). */
export async function isSearchWordInHeadline(
  db: Database,
  word: string,
  catalogue: SearchCatalogue = 'properties',
): Promise<boolean> {
  const result = await db.execute<{ inHeadline: boolean }>(
    sql`select in_headline as "inHeadline" from search_words
      where catalogue = ${catalogue} and word = ${word}`,
  );
  return result.rows[0]!.inHeadline;
}
