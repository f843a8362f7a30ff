import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { PGlite, ParserOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '#config/paths.ts';
import { DRIZZLE_RAW_TYPES, openDatabase } from './client.ts';
import * as schema from './schema.ts';
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
  }, 180_000);
});

describe("the embedded database's type parsers", () => {
  it('are the ones drizzle passes with every query: each type read as written', async () => {
    const passed: (ParserOptions | undefined)[] = [];
    const recorder = {
      query: (_text: string, _params: unknown[], options?: { parsers?: ParserOptions }) => {
        passed.push(options?.parsers);
        return Promise.resolve({ rows: [], fields: [] });
      },
    };
    const db = drizzlePglite({ client: recorder as unknown as PGlite, schema });
    await db.execute(sql`select 1`);
    await db.select({ id: schema.users.id }).from(schema.users);
    expect(passed).toHaveLength(2);
    for (const parsers of passed) {
      expect(Object.keys(parsers ?? {}).map(Number)).toEqual(
        DRIZZLE_RAW_TYPES.toSorted((a, b) => a - b),
      );
      for (const parse of Object.values(parsers ?? {}))
        expect(parse('2026-11-27', 0)).toBe('2026-11-27');
    }
  });

  it('give drizzle dates as written, in and out of transactions, and raw SQL Date objects', async () => {
    const database = await openDatabase({ engine: 'pglite' });
    try {
      const read = sql`select '2026-11-27 08:05:00+00'::timestamptz as at, '2026-11-27'::date as day`;
      const expected = { at: '2026-11-27 08:05:00+00', day: '2026-11-27' };
      expect((await database.db.execute(read)).rows).toEqual([expected]);
      expect(await database.db.transaction(async (tx) => (await tx.execute(read)).rows)).toEqual([
        expected,
      ]);

      const raw = "select '2026-11-27 08:05:00+00'::timestamptz as at";
      const withParameter = await database.sql.executeSql(`${raw}, $1::int as one`, [1]);
      const withoutParameter = await database.sql.executeSql(raw);
      for (const { rows } of [withParameter, withoutParameter]) {
        expect(rows[0]!.at).toEqual(new Date('2026-11-27T08:05:00Z'));
      }
    } finally {
      await database.close();
    }
  });
});

describe('the embedded database', () => {
  it('keeps pages in the cache it is given (DATABASE_CACHE_MB), else PGlite’s 128 MB', async () => {
    for (const [cacheMb, expected] of [
      [64, '64MB'],
      [undefined, '128MB'],
    ] as const) {
      const database = await openDatabase({ engine: 'pglite', cacheMb });
      try {
        const { rows } = await database.sql.executeSql('show shared_buffers');
        expect(rows).toEqual([{ shared_buffers: expected }]);
      } finally {
        await database.close();
      }
    }
  });
});
