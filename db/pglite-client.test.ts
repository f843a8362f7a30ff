import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChildEnv } from '#test/child-env.ts';
import { DRIZZLE_RAW_TYPES } from './client.ts';
import { openPgliteThread, type PgliteThreadClient } from './pglite-client.ts';

/** About what a page's HTML weighs: hashing it is the work a request does after an answer. */
const PAGE_SIZED = Buffer.alloc(256 * 1024, 'page');

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

  it('runs a query beside the main thread, which keeps turning meanwhile', async () => {
    // The event loop counts its turns until the answer. PGlite on the main thread would hold
    // the loop from the query's start to its answer: not one turn could come in between.
    let turns = 0;
    let isAnswered = false;
    const turn = () => {
      turns += 1;
      if (!isAnswered) setImmediate(turn);
    };
    const answered = client
      .query('select count(*)::int as n from generate_series(1, 3000000) as g(i) where i % 7 = 0')
      .finally(() => (isAnswered = true));
    setImmediate(turn);
    const { rows } = await answered;
    expect(rows).toEqual([{ n: 428_571 }]);
    expect(turns).toBeGreaterThan(0);
  });

  it('lets timers and I/O run between answers while queries follow each other', async () => {
    // Four requests, each running 300 queries one after another with some work after each
    // answer: the thread answers faster than that work takes, so answers queue up. Each must
    // wait for a turn of the event loop (where timers and I/O run) before its request goes on,
    // so one turn sees at most one answer per request, however many are waiting.
    const CHAINS = 4;
    let turn = 0;
    let isRunning = true;
    const countTurns = () => {
      turn += 1;
      if (isRunning) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const answersByTurn = new Map<number, number>();
    const renderSomething = () => createHash('sha256').update(PAGE_SIZED).digest();
    const chain = async () => {
      for (let query = 0; query < 300; query += 1) {
        await client.query('select 1 as one');
        answersByTurn.set(turn, (answersByTurn.get(turn) ?? 0) + 1);
        renderSomething();
      }
    };
    try {
      await Promise.all(Array.from({ length: CHAINS }, chain));
    } finally {
      isRunning = false;
    }
    // Continued straight from the thread's messages, a turn saw hundreds.
    expect(Math.max(...answersByTurn.values())).toBeLessThanOrEqual(CHAINS);
  });

  it('holds the database for a transaction: a query from outside waits for its commit', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into thread_test values (1)');
      outside = client
        .query<{ n: number }>('select count(*)::int as n from thread_test')
        .then(({ rows }) => order.push(`outside saw ${rows[0]!.n}`));
      // The thread answers in the order it is asked: the outside query, asked before these,
      // would be answered before them if the transaction did not hold the database.
      await tx.query('select 1');
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
        env: buildChildEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).toBe('[{"answer":42}]');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
