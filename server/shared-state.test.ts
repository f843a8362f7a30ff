/**
 * Two app instances on one database and one Redis (REDIS_URL) behave as one site: limits count
 * across both, and a settings or catalogue change made through one empties the other's copies.
 * Without REDIS_URL nothing connects to Redis. The Redis tests run when TEST_REDIS_URL is set.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#config/env.ts';
import type { DatabaseHandle } from '#db/client.ts';
import { createProperty, createUser } from '#seed/factories.ts';
import { createTestDatabase } from '#db/testing.ts';
import type { Actor } from '#lib/account.ts';
import { hashPassword } from '#modules/accounts/accounts.passwords.ts';
import { buildApp } from './app.ts';
import { WITHOUT_LOAD_SHEDDING } from './testing.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'correct horse battery';
const FORM_POSTS_PER_MINUTE = 3;
/** One frozen clock for both instances: no wait or cached copy ever runs out during a test. */
const clock = () => new Date('2026-03-02T08:00:00Z');
/**
 * How long a change may take to reach the other instance. The frozen clock keeps every copy for
 * ever, so only the change announced through Redis can update one, however long that takes on
 * a busy machine: this only ends a test that hangs.
 */
const UNTIL_GIVING_UP = { timeout: 20_000, interval: 20 };

let database: DatabaseHandle;
const dataDirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** One process of the site, on the shared database; `env` adds REDIS_URL and the like. */
async function startInstance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-state-'));
  dataDirs.push(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BACKGROUND_JOBS: 'off',
    FORM_POSTS_PER_MINUTE: String(FORM_POSTS_PER_MINUTE),
    LOGIN_FAILURES_PER_ADDRESS_PER_15_MINUTES: '100000',
    // Long enough that only a relayed change can explain a new answer.
    SEARCH_CACHE_SECONDS: '600',
    ...WITHOUT_LOAD_SHEDDING,
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    logger: false,
  });
  await app.ready();
  return app;
}

/** An address no other test posts from. */
function newAddress(): string {
  const [first = 0, second = 0, third = 0] = randomBytes(3);
  return `10.${first}.${second}.${third}`;
}

/** Posts the newsletter form from `address` to each instance in turn; answers the statuses. */
async function subscribeInTurns(
  instances: FastifyInstance[],
  posts: number,
  address: string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let post = 0; post < posts; post++) {
    const answer = await instances[post % instances.length]!.inject({
      method: 'POST',
      url: '/api/subscribe',
      payload: { email: `reader-${randomUUID()}@example.rw` },
      remoteAddress: address,
    });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

describe('without REDIS_URL', () => {
  it('connects to no Redis, and each process counts its own form posts', async () => {
    const connections = vi.spyOn(net, 'createConnection');
    const secureConnections = vi.spyOn(tls, 'connect');
    const first = await startInstance();
    const second = await startInstance();
    try {
      expect(first.cluster).toBeUndefined();
      const address = newAddress();
      expect(await subscribeInTurns([first], FORM_POSTS_PER_MINUTE + 1, address)).toEqual([
        201, 201, 201, 429,
      ]);
      // The second process has counted nothing of the first's posts.
      expect(await subscribeInTurns([first, second], 2, address)).toEqual([429, 201]);
      expect(connections).not.toHaveBeenCalled();
      expect(secureConnections).not.toHaveBeenCalled();
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('with a REDIS_URL nobody answers', () => {
  it('starts, counts limits in its own memory and says it is not ready', async () => {
    // Port 1 on this machine refuses connections at once.
    const app = await startInstance({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: 'down:' });
    try {
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({ checks: { database: 'ok', redis: 'failed' } });

      const address = newAddress();
      expect(await subscribeInTurns([app], FORM_POSTS_PER_MINUTE + 1, address)).toEqual([
        201, 201, 201, 201,
      ]);
      const email = `fallback-${randomUUID()}@example.rw`;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: 'not the password' },
        });
        statuses.push(answer.statusCode);
      }
      // The account's delay still holds, counted here, as without Redis.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!redisUrl)('two instances sharing one Redis', () => {
  // This file's keys and channel: no other test file or run shares them.
  const env = { REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `test-shared-${randomUUID()}:` };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Actor;
  let seller: Actor;
  let passwordHash: string;

  beforeAll(async () => {
    a = await startInstance(env);
    b = await startInstance(env);
    passwordHash = await hashPassword(PASSWORD);
    admin = { id: (await createUser(database.db, { role: 'admin' })).id, role: 'admin' };
    seller = { id: (await createUser(database.db, { role: 'seller' })).id, role: 'seller' };
  });

  afterAll(async () => {
    const cluster = a.cluster;
    if (cluster) {
      const keys = await cluster.redis.keys(`${cluster.keyPrefix}*`);
      if (keys.length > 0) await cluster.redis.del(...keys);
    }
    await a?.close();
    await b?.close();
  });

  it('holds an account back after the same number of wrong passwords, split or not', async () => {
    /** Wrong passwords sent in turn to the instances, up to the first 429. */
    async function failuresBeforeWait(instances: FastifyInstance[]): Promise<number> {
      const email = `limits-${randomUUID()}@example.rw`;
      await createUser(database.db, { email, role: 'buyer', passwordHash });
      for (let attempt = 0; attempt < 20; attempt++) {
        const answer = await instances[attempt % instances.length]!.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: 'not the password' },
        });
        if (answer.statusCode === 429) {
          expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
          return attempt;
        }
        expect(answer.statusCode).toBe(401);
      }
      throw new Error('no 429 after 20 wrong passwords');
    }

    const onOne = await failuresBeforeWait([a]);
    expect(onOne).toBe(6);
    expect(await failuresBeforeWait([a, b])).toBe(onOne);
  });

  it('is ready only while Redis answers too', async () => {
    const ready = await a.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
  });

  it('counts form posts from one address across both instances', async () => {
    expect(await subscribeInTurns([a, b], FORM_POSTS_PER_MINUTE + 2, newAddress())).toEqual([
      201, 201, 201, 429, 429,
    ]);
  });

  it('shows a settings change saved on A on B, announced once', async () => {
    const cluster = a.cluster;
    if (!cluster) throw new Error('REDIS_URL did not make a cluster');
    const listener = new Redis(redisUrl ?? '');
    const channel = `${cluster.keyPrefix}changes`;
    const heard: string[] = [];
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe(channel);
    try {
      // B holds a copy it would keep for 5 s (for ever, on the frozen clock).
      const before = await b.services.settings.getPlatformSettings();
      const footerText = `Murakaza neza ${randomUUID()}`;
      expect(before.footerText).not.toBe(footerText);

      await a.services.settings.updatePlatformSettings({ ...before, footerText }, admin);
      await vi.waitFor(async () => {
        expect((await b.services.settings.getPlatformSettings()).footerText).toBe(footerText);
      }, UNTIL_GIVING_UP);

      // Whatever B (or A again) would have echoed reaches Redis before this mark.
      await cluster.redis.publish(channel, 'mark');
      await vi.waitFor(() => expect(heard).toContain('mark'), UNTIL_GIVING_UP);
      expect(heard.filter((message) => message !== 'mark').map((m) => JSON.parse(m))).toEqual([
        { from: cluster.processId, topic: 'settings' },
      ]);
    } finally {
      listener.disconnect();
    }
  });

  it("clears B's search answers when the catalogue changes on A", async () => {
    const word = `zq${randomUUID()
      .replaceAll(/[^a-f]/g, '')
      .slice(0, 8)}`;
    // Written straight to the database: B has never searched for the word, so it reads it.
    const property = await createProperty(database.db, seller.id, { title: `Flat ${word}` });
    const availabilityOnB = async () =>
      (await b.services.search.searchCatalogue(word)).properties.map((found) => found.availability);
    expect(await availabilityOnB()).toEqual(['Available']);

    await a.services.catalogue.property.setAvailability(property.id, 'Rented', seller);

    await vi.waitFor(
      async () => expect(await availabilityOnB()).toEqual(['Rented']),
      UNTIL_GIVING_UP,
    );
  });

  it("updates B's header counts after a message or a save on A", async () => {
    const buyer: Actor = {
      id: (await createUser(database.db, { role: 'buyer' })).id,
      role: 'buyer',
    };
    const property = await createProperty(database.db, seller.id);
    const headerOnB = async () => ({
      unread: await b.services.notifications.countUnread(buyer),
      saved: await b.services.favourites.listSavedIds(buyer),
    });
    // B keeps both for minutes once read (for ever, on the frozen clock).
    expect(await headerOnB()).toEqual({ unread: 0, saved: [] });

    await a.services.notifications.sendPersonalMessage(buyer.id, 'Welcome to the site', admin);
    await a.services.favourites.save(property.id, buyer);

    await vi.waitFor(
      async () => expect(await headerOnB()).toEqual({ unread: 1, saved: [property.id] }),
      UNTIL_GIVING_UP,
    );
  });
});
