import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Clock } from '#lib/clock.ts';
import {
  backoffWaitMs,
  createMemoryLimiters,
  toRetryAfterSeconds,
  windowWaitMs,
  type AttemptLimiter,
  type AttemptLimiters,
} from './accounts.limiter.ts';

/**
 * `reserve` for fixed windows, atomically: the longest wait of the keys (ms; 0 when none has to
 * wait), and when there is none, one more attempt in each key's window (a window that ended, or
 * none, starts again at 1; Redis forgets the key when its window ends). ARGV: now, windowMs, max.
 */
const RESERVE_IN_WINDOW = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local wait = 0
for _, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'count', 'endsAt')
  local count = tonumber(stored[1])
  local endsAt = tonumber(stored[2])
  if count ~= nil and endsAt ~= nil and endsAt > now and count >= max then
    wait = math.max(wait, endsAt - now)
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  local endsAt = tonumber(redis.call('HGET', key, 'endsAt'))
  if endsAt == nil or endsAt <= now then
    endsAt = now + windowMs
    redis.call('HSET', key, 'count', 1, 'endsAt', endsAt)
  else
    redis.call('HINCRBY', key, 'count', 1)
  end
  redis.call('PEXPIRE', key, endsAt - now)
end
return 0
`;

/**
 * `reserve` for growing delays, atomically: the longest wait of the keys (ms) as `backoffWaitMs`
 * reckons it, and when there is none, one more failure for each key (failures older than
 * `forgetAfterMs` forgotten first; Redis forgets the key `forgetAfterMs` after its last failure).
 * ARGV: now, forgetAfterMs, freeFailures, maxDelayMs.
 */
const RESERVE_FAILURE = `
local now = tonumber(ARGV[1])
local forgetAfterMs = tonumber(ARGV[2])
local freeFailures = tonumber(ARGV[3])
local maxDelayMs = tonumber(ARGV[4])
local wait = 0
for _, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'count', 'lastAt')
  local count = tonumber(stored[1])
  local lastAt = tonumber(stored[2])
  if count ~= nil and lastAt ~= nil and lastAt + forgetAfterMs > now and count > freeFailures then
    local delay = math.min(2 ^ math.min(count - freeFailures, 40) * 1000, maxDelayMs)
    wait = math.max(wait, lastAt + delay - now)
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  local stored = redis.call('HMGET', key, 'count', 'lastAt')
  local count = 0
  local lastAt = tonumber(stored[2])
  if lastAt ~= nil and lastAt + forgetAfterMs > now then count = tonumber(stored[1]) or 0 end
  redis.call('HSET', key, 'count', count + 1, 'lastAt', now)
  redis.call('PEXPIRE', key, forgetAfterMs)
end
return 0
`;

/** A maximum (or a number of free failures) that no count reaches: `record` never waits. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** `release`: one attempt fewer on a key that still counts some. */
const RELEASE = `
local count = tonumber(redis.call('HGET', KEYS[1], 'count'))
if count ~= nil and count > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
`;

type StoreLogger = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

/** A stored hash's two numbers; undefined when the key is missing or holds something else. */
function readNumbers(stored: (string | null)[]): [number, number] | undefined {
  const [first, second] = stored;
  if (first == null || second == null) return undefined;
  const numbers: [number, number] = [Number(first), Number(second)];
  return numbers.every(Number.isFinite) ? numbers : undefined;
}

/**
 * Limiters whose counts live in Redis, so every process sees the same ones. Keys are stored as
 * hashes of what they name (e-mails, addresses), under `keyPrefix`. The time is the injected
 * clock's, as for the memory limiters, so both behave alike under test; Redis's own expiry only
 * frees keys nobody will ask about again.
 *
 * When Redis fails (down, or slower than the connection's command timeout), each limiter goes
 * on with a copy kept in this process's memory, which records every attempt either way: the
 * limits then hold per process, as they do without Redis, rather than refusing every sign-in or
 * letting guesses through unchecked. The first failure is logged, and the recovery.
 */
export function createRedisLimiters({
  redis,
  keyPrefix,
  clock,
  logger,
}: {
  redis: Redis;
  keyPrefix: string;
  clock: Clock;
  logger: StoreLogger;
}): AttemptLimiters {
  const memory = createMemoryLimiters(clock);
  let isFailing = false;

  /** Runs a Redis call, or answers the memory limiter's result when Redis fails. */
  async function withFallback<Result>(
    onRedis: () => Promise<Result>,
    onMemory: () => Promise<Result>,
  ): Promise<Result> {
    try {
      const result = await onRedis();
      if (isFailing) {
        isFailing = false;
        logger.info({}, 'Redis answers the sign-in limits again');
      }
      return result;
    } catch (error) {
      if (!isFailing) {
        isFailing = true;
        logger.warn(
          { err: error },
          'Redis failed: sign-in and form limits count in this process until it answers again',
        );
      }
      return onMemory();
    }
  }

  function storedKey(name: string, key: string): string {
    const digest = createHash('sha256').update(key).digest('base64url').slice(0, 32);
    return `${keyPrefix}limit:${name}:${digest}`;
  }

  /**
   * A limiter reading hashes of two numbers and counting with `script`, a reservation, which
   * takes `limits` after the time; `record` passes `noLimits` instead, which nothing reaches.
   */
  function createLimiter(
    name: string,
    fallback: AttemptLimiter,
    fields: [string, string],
    waitMs: (stored: (string | null)[], now: number) => number,
    script: string,
    limits: number[],
    noLimits: number[],
  ): AttemptLimiter {
    const evalOn = (keys: string[], now: number, args: number[]) => {
      const storedKeys = keys.map((key) => storedKey(name, key));
      return redis.eval(script, storedKeys.length, ...storedKeys, now, ...args);
    };
    return {
      retryAfterSeconds: (keys) =>
        withFallback(
          async () => {
            const stored = await Promise.all(
              keys.map((key) => redis.hmget(storedKey(name, key), ...fields)),
            );
            const now = clock().getTime();
            return toRetryAfterSeconds(stored.map((values) => waitMs(values, now)));
          },
          () => fallback.retryAfterSeconds(keys),
        ),
      async record(keys) {
        await fallback.record(keys);
        const now = clock().getTime();
        await withFallback(
          async () => {
            await evalOn(keys, now, noLimits);
          },
          async () => undefined,
        );
      },
      async reserve(keys) {
        const now = clock().getTime();
        return withFallback(
          async () => {
            const wait = Number(await evalOn(keys, now, limits));
            // The copy in memory, which answers if Redis stops: it counts what Redis counted.
            if (wait === 0) await fallback.record(keys);
            return toRetryAfterSeconds([wait]);
          },
          () => fallback.reserve(keys),
        );
      },
      async release(keys) {
        await fallback.release(keys);
        await withFallback(
          async () => {
            await Promise.all(keys.map((key) => redis.eval(RELEASE, 1, storedKey(name, key))));
          },
          async () => undefined,
        );
      },
      async clear(key) {
        await fallback.clear(key);
        await withFallback(
          async () => {
            await redis.del(storedKey(name, key));
          },
          async () => undefined,
        );
      },
    };
  }

  return {
    fixedWindow(name, options) {
      return createLimiter(
        name,
        memory.fixedWindow(name, options),
        ['count', 'endsAt'],
        (stored, now) => {
          const [count, endsAt] = readNumbers(stored) ?? [0, 0];
          return windowWaitMs({ count, endsAt }, options.max, now);
        },
        RESERVE_IN_WINDOW,
        [options.windowMs, options.max],
        [options.windowMs, NO_LIMIT],
      );
    },
    backoff(name, options) {
      return createLimiter(
        name,
        memory.backoff(name, options),
        ['count', 'lastAt'],
        (stored, now) => {
          const [count, lastAt] = readNumbers(stored) ?? [0, 0];
          return backoffWaitMs({ count, lastAt }, options, now);
        },
        RESERVE_FAILURE,
        [options.forgetAfterMs, options.freeFailures, options.maxDelayMs],
        [options.forgetAfterMs, NO_LIMIT, options.maxDelayMs],
      );
    },
  };
}
