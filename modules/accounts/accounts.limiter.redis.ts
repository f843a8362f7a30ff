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
 * One more attempt in a key's fixed window, atomically: a window that ended (or none) starts
 * again at 1. Redis forgets the key when its window ends.
 */
const RECORD_IN_WINDOW = `
local now = tonumber(ARGV[1])
local endsAt = tonumber(redis.call('HGET', KEYS[1], 'endsAt'))
if endsAt == nil or endsAt <= now then
  endsAt = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'count', 1, 'endsAt', endsAt)
else
  redis.call('HINCRBY', KEYS[1], 'count', 1)
end
redis.call('PEXPIRE', KEYS[1], endsAt - now)
`;

/**
 * One more failure for a key, atomically: failures older than `forgetAfterMs` are forgotten
 * first. Redis forgets the key `forgetAfterMs` after its last failure.
 */
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local forgetAfterMs = tonumber(ARGV[2])
local stored = redis.call('HMGET', KEYS[1], 'count', 'lastAt')
local count = 0
local lastAt = tonumber(stored[2])
if lastAt ~= nil and lastAt + forgetAfterMs > now then count = tonumber(stored[1]) or 0 end
redis.call('HSET', KEYS[1], 'count', count + 1, 'lastAt', now)
redis.call('PEXPIRE', KEYS[1], forgetAfterMs)
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

  /** A limiter reading hashes of two numbers and recording with `script`. */
  function createLimiter(
    name: string,
    fallback: AttemptLimiter,
    fields: [string, string],
    waitMs: (stored: (string | null)[], now: number) => number,
    script: string,
    scriptArgument: number,
  ): AttemptLimiter {
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
            await Promise.all(
              keys.map((key) => redis.eval(script, 1, storedKey(name, key), now, scriptArgument)),
            );
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
        RECORD_IN_WINDOW,
        options.windowMs,
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
        RECORD_FAILURE,
        options.forgetAfterMs,
      );
    },
  };
}
