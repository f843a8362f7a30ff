import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '#lib/clock.ts';
import { createCluster, type Cluster } from '#server/cluster.ts';
import { createRedisLimiters } from './accounts.limiter.redis.ts';
import { createMemoryLimiters, type AttemptLimiters } from './accounts.limiter.ts';

const WINDOW_MS = 60_000;
const redisUrl = process.env.TEST_REDIS_URL;
/** This file's keys in a shared Redis: no other test file or run sees them. */
const KEY_PREFIX = `test-limiter-${randomUUID()}:`;

/** A logger that keeps what it is told, for tests to assert on. */
function createTestLogger() {
  const lines: string[] = [];
  const keep = (_details: object, message: string) => {
    lines.push(message);
  };
  return { lines, warn: keep, info: keep };
}

let cluster: Cluster | undefined;
const redisLogger = createTestLogger();

beforeAll(async () => {
  if (!redisUrl) return;
  cluster = createCluster({ url: redisUrl, keyPrefix: KEY_PREFIX, logger: redisLogger });
  expect(await cluster.whenReady(5000)).toBe(true);
});

afterAll(async () => {
  if (!cluster) return;
  const keys = await cluster.redis.keys(`${KEY_PREFIX}*`);
  if (keys.length > 0) await cluster.redis.del(...keys);
  await cluster.close();
  // Redis answered every call: no limiter fell back to memory.
  expect(redisLogger.lines).toEqual([]);
});

/** The two stores: every behaviour below must hold in both. */
const stores: { store: string; create(clock: Clock): AttemptLimiters }[] = [
  { store: 'memory', create: (clock) => createMemoryLimiters(clock) },
  ...(redisUrl
    ? [
        {
          store: 'Redis',
          create: (clock: Clock) => {
            if (!cluster) throw new Error('the Redis connection was not made');
            return createRedisLimiters({
              redis: cluster.redis,
              // Each limiter of each test starts with no counts.
              keyPrefix: `${KEY_PREFIX}${randomUUID()}:`,
              clock,
              logger: redisLogger,
            });
          },
        },
      ]
    : []),
];

describe.each(stores)('limiters in $store', ({ create }) => {
  /** A limiter of 3 attempts per minute on a clock the test moves by hand. */
  function createTestLimiter(max = 3) {
    let now = Date.parse('2026-03-01T08:00:00Z');
    const limiter = create(() => new Date(now)).fixedWindow('test', { max, windowMs: WINDOW_MS });
    return {
      limiter,
      advanceSeconds(seconds: number) {
        now += seconds * 1000;
      },
      async recordTimes(keys: string[], times: number) {
        for (let index = 0; index < times; index++) await limiter.record(keys);
      },
    };
  }

  describe('fixed windows', () => {
    it('answers 0 while a key is below the maximum', async () => {
      const { limiter, recordTimes } = createTestLimiter();
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(0);
      await recordTimes(['ip:1'], 2);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(0);
    });

    it('answers the seconds until the window ends once a key reaches the maximum', async () => {
      const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
      await recordTimes(['ip:1'], 3);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(60);
      advanceSeconds(10);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(50);
      advanceSeconds(9.5);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(41);
    });

    it('counts attempts in fixed windows from the first one, not a sliding one', async () => {
      const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
      await recordTimes(['ip:1'], 1);
      advanceSeconds(40);
      await recordTimes(['ip:1'], 2);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(20);
    });

    it('starts a new window once the old one has ended', async () => {
      const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
      await recordTimes(['ip:1'], 3);
      advanceSeconds(60);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(0);

      await recordTimes(['ip:1'], 2);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(0);
      await recordTimes(['ip:1'], 1);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(60);
    });

    it('forgets a key on clear, leaving the others counted', async () => {
      const { limiter, recordTimes } = createTestLimiter();
      await recordTimes(['ip:1', 'account:a'], 3);
      await limiter.clear('account:a');
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(0);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(60);

      await recordTimes(['account:a'], 2);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(0);
    });

    it('answers the longest wait among several keys, ignoring keys below the maximum', async () => {
      const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
      await recordTimes(['ip:1'], 3);
      advanceSeconds(20);
      await recordTimes(['account:a'], 3);
      await recordTimes(['account:b'], 1);
      advanceSeconds(10);

      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(30);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(50);
      expect(await limiter.retryAfterSeconds(['ip:1', 'account:a', 'account:b'])).toBe(50);
      expect(await limiter.retryAfterSeconds(['account:b', 'ip:1'])).toBe(30);
      expect(await limiter.retryAfterSeconds([])).toBe(0);
    });

    it('lets no more of 30 reservations at once pass than the maximum', async () => {
      const { limiter } = createTestLimiter();
      const waits = await Promise.all(
        Array.from({ length: 30 }, () => limiter.reserve(['ip:1', 'account:a'])),
      );
      expect(waits.filter((wait) => wait === 0)).toHaveLength(3);
      expect(waits.filter((wait) => wait === 60)).toHaveLength(27);
      // A refused reservation counted nothing: the other key has its 3 and no more.
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(60);
    });

    it('counts a reservation on no key while any one of them has to wait', async () => {
      const { limiter, recordTimes } = createTestLimiter();
      await recordTimes(['ip:1'], 3);
      expect(await limiter.reserve(['ip:1', 'account:a'])).toBe(60);
      await recordTimes(['account:a'], 2);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(0);
    });

    it('takes back a released reservation', async () => {
      const { limiter } = createTestLimiter();
      for (let attempt = 0; attempt < 3; attempt++) expect(await limiter.reserve(['ip:1'])).toBe(0);
      expect(await limiter.reserve(['ip:1'])).toBe(60);
      await limiter.release(['ip:1']);
      expect(await limiter.reserve(['ip:1'])).toBe(0);
      expect(await limiter.reserve(['ip:1'])).toBe(60);
      // Nothing to take back from a key that counts nothing.
      await limiter.release(['ip:2']);
      expect(await limiter.retryAfterSeconds(['ip:2'])).toBe(0);
    });

    it('records every key it is given, each in its own window', async () => {
      const { limiter, recordTimes } = createTestLimiter(1);
      await recordTimes(['ip:1', 'account:a'], 1);
      expect(await limiter.retryAfterSeconds(['ip:1'])).toBe(60);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(60);
      expect(await limiter.retryAfterSeconds(['ip:2'])).toBe(0);
    });
  });

  describe('growing back-off', () => {
    /** 5 free failures, then 2^(n-5) s, at most 15 minutes, forgotten after a day. */
    function createTestBackoff() {
      let now = Date.parse('2026-03-01T08:00:00Z');
      const limiter = create(() => new Date(now)).backoff('test', {
        freeFailures: 5,
        maxDelayMs: 15 * 60_000,
        forgetAfterMs: 24 * 60 * 60_000,
      });
      return {
        limiter,
        advanceSeconds(seconds: number) {
          now += seconds * 1000;
        },
      };
    }

    it('lets the first 5 failures go free, then doubles the wait from 2 seconds', async () => {
      const { limiter } = createTestBackoff();
      for (let failure = 1; failure <= 5; failure++) {
        await limiter.record(['account:a']);
        expect(await limiter.retryAfterSeconds(['account:a']), `after ${failure}`).toBe(0);
      }
      const waits = [];
      for (let failure = 6; failure <= 10; failure++) {
        await limiter.record(['account:a']);
        waits.push(await limiter.retryAfterSeconds(['account:a']));
      }
      expect(waits).toEqual([2, 4, 8, 16, 32]);
    });

    it('counts the wait from the last failure, and caps it at 15 minutes', async () => {
      const { limiter, advanceSeconds } = createTestBackoff();
      for (let failure = 1; failure <= 7; failure++) await limiter.record(['account:a']);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(4);
      advanceSeconds(3);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(1);
      advanceSeconds(1);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(0);

      for (let failure = 8; failure <= 60; failure++) await limiter.record(['account:a']);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(15 * 60);
    });

    it('lets 6 of 30 guesses at once be checked, as one after another would', async () => {
      const { limiter, advanceSeconds } = createTestBackoff();
      const waits = await Promise.all(
        Array.from({ length: 30 }, () => limiter.reserve(['account:a'])),
      );
      // Five free failures, then the sixth attempt is checked before the first wait of 2 s.
      expect(waits.filter((wait) => wait === 0)).toHaveLength(6);
      expect(waits.filter((wait) => wait === 2)).toHaveLength(24);
      advanceSeconds(2);
      expect(await limiter.reserve(['account:a'])).toBe(0);
      expect(await limiter.reserve(['account:a'])).toBe(4);
    });

    it('takes back a released failure, and forgets them all on clear', async () => {
      const { limiter } = createTestBackoff();
      for (let failure = 1; failure <= 6; failure++) await limiter.reserve(['account:a']);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(2);
      await limiter.release(['account:a']);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(0);
      await limiter.clear('account:a');
      await limiter.release(['account:a']);
      expect(await limiter.reserve(['account:a'])).toBe(0);
    });

    it('keeps each key apart, and forgets a key on clear or a day after its last failure', async () => {
      const { limiter, advanceSeconds } = createTestBackoff();
      for (let failure = 1; failure <= 8; failure++) {
        await limiter.record(['account:a', 'account:b']);
      }
      expect(await limiter.retryAfterSeconds(['account:c'])).toBe(0);
      await limiter.clear('account:a');
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(0);
      expect(await limiter.retryAfterSeconds(['account:b'])).toBe(8);
      expect(await limiter.retryAfterSeconds(['account:a', 'account:b'])).toBe(8);

      advanceSeconds(24 * 60 * 60);
      await limiter.record(['account:b']);
      expect(await limiter.retryAfterSeconds(['account:b'])).toBe(0);
    });
  });
});

describe.skipIf(!redisUrl)('limiters in Redis, as several processes see them', () => {
  function createProcessLimiters(keyPrefix: string) {
    if (!cluster) throw new Error('the Redis connection was not made');
    const now = Date.parse('2026-03-01T08:00:00Z');
    return createRedisLimiters({
      redis: cluster.redis,
      keyPrefix,
      clock: () => new Date(now),
      logger: redisLogger,
    });
  }

  it('counts the failures of two processes together, under one prefix only', async () => {
    const sitePrefix = `${KEY_PREFIX}${randomUUID()}:`;
    const options = { freeFailures: 5, maxDelayMs: 15 * 60_000, forgetAfterMs: 60_000 };
    const first = createProcessLimiters(sitePrefix).backoff('accounts', options);
    const second = createProcessLimiters(sitePrefix).backoff('accounts', options);
    const otherSite = createProcessLimiters(`${KEY_PREFIX}${randomUUID()}:`).backoff(
      'accounts',
      options,
    );
    for (let failure = 1; failure <= 3; failure++) {
      await first.record(['account:a']);
      await second.record(['account:a']);
    }
    expect(await first.retryAfterSeconds(['account:a'])).toBe(2);
    expect(await second.retryAfterSeconds(['account:a'])).toBe(2);
    expect(await otherSite.retryAfterSeconds(['account:a'])).toBe(0);
    await second.clear('account:a');
    expect(await first.retryAfterSeconds(['account:a'])).toBe(0);
  });

  it('lets two processes reserving at once pass no more attempts than one would', async () => {
    // Two connections of their own, as two processes have, without the product's 500 ms command
    // timeout: on a busy machine a late answer would fall back to memory and prove nothing.
    const connections = [new Redis(redisUrl!), new Redis(redisUrl!)];
    try {
      const sitePrefix = `${KEY_PREFIX}${randomUUID()}:`;
      const processes = connections.map((redis) =>
        createRedisLimiters({
          redis,
          keyPrefix: sitePrefix,
          clock: () => new Date('2026-03-01T08:00:00Z'),
          logger: redisLogger,
        }),
      );
      const options = { freeFailures: 5, maxDelayMs: 15 * 60_000, forgetAfterMs: 60_000 };
      const guesses = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          processes[index % 2]!.backoff('accounts', options).reserve(['account:a']),
        ),
      );
      expect(guesses.filter((wait) => wait === 0)).toHaveLength(6);
      const windows = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          processes[index % 2]!.fixedWindow('resets', { max: 1, windowMs: WINDOW_MS }).reserve([
            'account:a',
          ]),
        ),
      );
      expect(windows.filter((wait) => wait === 0)).toHaveLength(1);
    } finally {
      await Promise.all(connections.map((redis) => redis.quit()));
    }
  });

  it('keeps no e-mail or address in Redis, and lets Redis forget each key', async () => {
    if (!cluster) throw new Error('the Redis connection was not made');
    const sitePrefix = `${KEY_PREFIX}${randomUUID()}:`;
    const limiters = createProcessLimiters(sitePrefix);
    await limiters
      .fixedWindow('resets', { max: 3, windowMs: WINDOW_MS })
      .record(['ada@example.rw']);
    await limiters
      .backoff('accounts', { freeFailures: 5, maxDelayMs: 60_000, forgetAfterMs: 3_600_000 })
      .record(['ada@example.rw']);

    const keys = (await cluster.redis.keys(`${sitePrefix}*`)).sort();
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key.slice(sitePrefix.length)).not.toMatch(/ada|example/);
    const [accountsKey, resetsKey] = keys as [string, string];
    expect(accountsKey).toMatch(/limit:accounts:/);
    expect(await cluster.redis.pttl(accountsKey)).toBeGreaterThan(3_500_000);
    expect(await cluster.redis.pttl(accountsKey)).toBeLessThanOrEqual(3_600_000);
    expect(await cluster.redis.pttl(resetsKey)).toBeGreaterThan(55_000);
    expect(await cluster.redis.pttl(resetsKey)).toBeLessThanOrEqual(WINDOW_MS);
  });
});

describe('limiters when Redis does not answer', () => {
  it('go on counting in this process, and say so once', async () => {
    const logger = createTestLogger();
    // Nothing listens on this port: every command fails at once.
    const unreachable = createCluster({
      url: 'redis://127.0.0.1:4399',
      keyPrefix: KEY_PREFIX,
      logger,
    });
    try {
      expect(await unreachable.whenReady(300)).toBe(false);
      const limiter = createRedisLimiters({
        redis: unreachable.redis,
        keyPrefix: KEY_PREFIX,
        clock: () => new Date('2026-03-01T08:00:00Z'),
        logger,
      }).backoff('accounts', { freeFailures: 2, maxDelayMs: 60_000, forgetAfterMs: 60_000 });
      for (let failure = 1; failure <= 3; failure++) await limiter.record(['account:a']);
      expect(await limiter.retryAfterSeconds(['account:a'])).toBe(2);
      await expect(unreachable.ping()).rejects.toThrow();
      expect(
        logger.lines.filter((line) => line.startsWith('Redis failed: sign-in and form limits')),
      ).toHaveLength(1);
    } finally {
      await unreachable.close();
    }
  });
});
