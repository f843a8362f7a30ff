import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '#config/paths.ts';
import { openDatabase } from './client.ts';
import { createTestDatabase } from './testing.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// PostgreSQL only: PGlite has no server to close connections.
describe.skipIf(!serverUrl)('a PostgreSQL pool', () => {
  it('survives the server closing an idle connection, and reconnects', async () => {
    const database = await createTestDatabase();
    try {
      const [{ pid }] = (
        await database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)
      ).rows as [{ pid: number }];
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        // The connection is idle in the pool now; the server ends it (as a restart would).
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(answer.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!serverUrl)('migrating PostgreSQL', () => {
  it('lets several processes started together migrate one empty database, one after the other', async () => {
    const name = `marketplace_migrate_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const handles = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ engine: 'postgres', url: url.toString() })),
    );
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const applied = await handles[0]!.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      const files = fs.readdirSync(migrationsDir);
      expect(applied.rows[0]!.count).toBe(files.filter((file) => file.endsWith('.sql')).length);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
