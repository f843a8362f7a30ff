import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createJobQueue } from './jobs.service.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Only ends a test that hangs: a busy machine may take long, which proves nothing wrong. */
const UNTIL_GIVING_UP_MS = 60_000;

const silentLogger = { error: () => undefined, warn: () => undefined };

/** A job queue on the test database, whose workers run jobs when `isWorking`. */
function jobQueue(isWorking: boolean, options: { idlePollingSeconds?: number } = {}) {
  return createJobQueue({
    db: database.db,
    runner: database.sql,
    isWorking,
    logger: silentLogger,
    ...options,
  });
}

describe('stats', () => {
  it('counts waiting and failed jobs per defined queue, zeros included', async () => {
    const jobs = jobQueue(false);
    const addWorking = jobs.define<{ n: number }>('stats-working', { run: async () => undefined });
    const addFailing = jobs.define<{ n: number }>('stats-failing', {
      retryLimit: 0,
      run: async () => {
        throw new Error('this job always fails');
      },
    });
    jobs.define('stats-idle', { run: async () => undefined });
    await jobs.start();
    try {
      await addWorking({ n: 1 });
      await addWorking({ n: 2 });
      await addFailing({ n: 3 });
      const byQueue = async () =>
        Object.fromEntries((await jobs.stats()).map(({ queue, ...counts }) => [queue, counts]));

      expect(await byQueue()).toEqual({
        'stats-working': { waiting: 2, active: 0, failed: 0 },
        'stats-failing': { waiting: 1, active: 0, failed: 0 },
        'stats-idle': { waiting: 0, active: 0, failed: 0 },
      });

      expect(await jobs.runDue()).toBe(3);
      expect(await byQueue()).toEqual({
        'stats-working': { waiting: 0, active: 0, failed: 0 },
        'stats-failing': { waiting: 0, active: 0, failed: 1 },
        'stats-idle': { waiting: 0, active: 0, failed: 0 },
      });
    } finally {
      await jobs.stop();
    }
  });
});

describe('workers', () => {
  it(
    'run jobs sent after they started when woken, not at their own look',
    async () => {
      const sender = jobQueue(false);
      // The workers' own look would come after the test's end: what runs was woken.
      const worker = jobQueue(true, { idlePollingSeconds: 3600 });
      const ran: number[] = [];
      const job = { run: async ({ n }: { n: number }) => void ran.push(n) };
      const send = sender.define('workers-woken', job);
      worker.define('workers-woken', job);
      await sender.start();
      await worker.start();
      try {
        // The first job may be taken by the look the worker takes as it starts; once it has
        // run, that look is over, and only waking runs the next ones.
        await send({ n: 0 });
        await expect.poll(() => ran, { timeout: UNTIL_GIVING_UP_MS }).toEqual([0]);
        for (const n of [1, 2, 3]) await send({ n });
        await expect
          .poll(() => ran.toSorted(), { timeout: UNTIL_GIVING_UP_MS })
          .toEqual([0, 1, 2, 3]);
      } finally {
        await worker.stop();
        await sender.stop();
      }
    },
    2 * UNTIL_GIVING_UP_MS,
  );
});
