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

const silentLogger = { error: () => undefined, warn: () => undefined };

/** A job queue on the test database, whose workers run jobs when `isWorking`. */
function jobQueue(isWorking: boolean) {
  return createJobQueue({
    db: database.db,
    runner: database.sql,
    isWorking,
    logger: silentLogger,
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
  it('run jobs sent after they started within a second or two, not at their own 30 s look', async () => {
    const sender = jobQueue(false);
    const worker = jobQueue(true);
    const ran: number[] = [];
    const job = { run: async ({ n }: { n: number }) => void ran.push(n) };
    const send = sender.define('workers-woken', job);
    worker.define('workers-woken', job);
    await sender.start();
    await worker.start();
    try {
      // Past the workers' first look, which they take as they start.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const sentAt = Date.now();
      for (const n of [1, 2, 3]) await send({ n });
      await expect.poll(() => ran.toSorted(), { timeout: 10_000 }).toEqual([1, 2, 3]);
      expect(Date.now() - sentAt).toBeLessThan(10_000);
    } finally {
      await worker.stop();
      await sender.stop();
    }
  });
});
