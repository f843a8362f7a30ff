import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_RAW_TYPES } from './client.ts';
import { openPgliteThread, type PgliteThreadClient } from './pglite-client.ts';

async function openMigratedCopy(): Promise<PgliteThreadClient> {
  const snapshot = await fs.readFile(process.env.TEST_PGLITE_SNAPSHOT!);
  return openPgliteThread({ loadDataDir: new Blob([snapshot]), rawTypes: DRIZZLE_RAW_TYPES });
}

// PGlite only: PostgreSQL runs in a server of its own.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database thread', () => {
  let client: PgliteThreadClient;

  beforeAll(async () => {
    client = await openMigratedCopy();
    await client.query('create table thread_test (id int primary key)');
  });

  afterAll(async () => {
    await client.close();
  });

  it('runs a query beside the main thread, which stays free meanwhile', async () => {
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 5);
    try {
      const started = performance.now();
      const { rows } = await client.query(
        'select count(*)::int as n from generate_series(1, 3000000) as g(i) where i % 7 = 0',
      );
      const elapsed = performance.now() - started;
      expect(rows).toEqual([{ n: 428_571 }]);
      // The query keeps PGlite busy for a while; the event loop ticks all along.
      expect(elapsed).toBeGreaterThan(100);
      expect(ticks).toBeGreaterThan(elapsed / 5 / 3);
    } finally {
      clearInterval(ticking);
    }
  });

  it('lets timers and I/O run between answers while queries follow each other', async () => {
    // Four requests, each running 300 queries one after another with 1 ms of work after each
    // answer: the thread answers faster than that work takes.
    const busyFor = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const chain = async () => {
      for (let query = 0; query < 300; query += 1) {
        await client.query('select 1 as one');
        busyFor(1);
      }
    };
    let longestGap = 0;
    let last = performance.now();
    const ticking = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 5);
    try {
      await Promise.all([chain(), chain(), chain(), chain()]);
    } finally {
      clearInterval(ticking);
    }
    // 1.2 s of work in all; the event loop gets a turn after every few answers.
    expect(longestGap).toBeLessThan(75);
  });

  it('holds the database for a transaction: a query from outside waits for its commit', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into thread_test values (1)');
      outside = client
        .query<{ n: number }>('select count(*)::int as n from thread_test')
        .then(({ rows }) => order.push(`outside saw ${rows[0]!.n}`));
      // Time enough for the outside query to overtake, if it could.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('insert into thread_test values (2)');
      order.push('committing');
    });
    await outside;
    expect(order).toEqual(['committing', 'outside saw 2']);
  });

  it('rolls back when the work throws, with the database error and its fields', async () => {
    const failing = client.transaction(async (tx) => {
      await tx.query('insert into thread_test values (10)');
      await tx.query('insert into thread_test values (1)');
    });
    await expect(failing).rejects.toMatchObject({
      code: '23505',
      constraint: 'thread_test_pkey',
      message: expect.stringContaining('duplicate key'),
    });
    const { rows } = await client.query('select id from thread_test order by id');
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('reads dates as written for drizzle, and as Date objects for raw SQL', async () => {
    const text = "select '2026-11-27 08:05:00+00'::timestamptz as at";
    expect((await client.query(text)).rows).toEqual([{ at: '2026-11-27 08:05:00+00' }]);
    expect((await client.executeSql(text)).rows).toEqual([
      { at: new Date('2026-11-27T08:05:00Z') },
    ]);
  });

  it('keeps a script alive while it waits for an answer, and lets it end after', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pglite-thread-'));
    try {
      const script = path.join(dir, 'script.mts');
      const clientModule = new URL('./pglite-client.ts', import.meta.url).href;
      // The script never closes the database: it must end all the same, once answered.
      await fs.writeFile(
        script,
        `import { openPgliteThread } from ${JSON.stringify(clientModule)};
const client = await openPgliteThread({ rawTypes: [] });
const { rows } = await client.query('select 41 + 1 as answer');
console.log(JSON.stringify(rows));
`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: process.cwd(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).toBe('[{"answer":42}]');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
