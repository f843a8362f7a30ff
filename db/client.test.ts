import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
