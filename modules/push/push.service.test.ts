/**
 * The site's VAPID key pair: made once, whichever of several processes asks first, and the
 * same for all of them afterwards. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { pushKeys } from '#db/schema.ts';
import { createTestDatabase } from '#db/testing.ts';
import { createJobQueue } from '#modules/jobs/jobs.service.ts';
import { createPushService } from './push.service.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** A process's push service: its own job queue and its own memory of the keys. */
function createProcess() {
  const logger = { info: () => {}, warn: () => {}, error: () => {} };
  return createPushService({
    db: database.db,
    jobs: createJobQueue({ db: database.db, runner: database.sql, isWorking: false, logger }),
    clock: () => new Date(),
    contactEmail: async () => 'support@inzu.rw',
    siteUrl: 'https://inzu.rw',
    isAllowingPrivateEndpoints: false,
    logger,
  });
}

describe('the VAPID key pair', () => {
  it('is made once when several processes start together, and every one uses it', async () => {
    const processes = Array.from({ length: 4 }, createProcess);
    const keys = await Promise.all(processes.map((process) => process.getPublicKey()));
    expect(new Set(keys).size).toBe(1);
    const rows = await database.db.select().from(pushKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.publicKey).toBe(keys[0]);
    // A process started later reads it back rather than making another.
    expect(await createProcess().getPublicKey()).toBe(keys[0]);
  });
});
