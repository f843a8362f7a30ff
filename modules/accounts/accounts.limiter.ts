import { LRUCache } from 'lru-cache';
import type { Clock } from '#lib/clock.ts';

/**
 * What the sign-in limits need of a store of attempt counts: how long a set of keys must still
 * wait, one more failure for each key, and forgetting a key. Kept this small so that the counts
 * live in this process's memory or in Redis (shared by every process) behind the same calls.
 */
export type AttemptLimiter = {
  /** Seconds until every key may try again, or 0 when none has to wait. */
  retryAfterSeconds(keys: string[]): Promise<number>;
  record(keys: string[]): Promise<void>;
  /**
   * In one step: when no key has to wait, counts one attempt on every key and answers 0; else
   * counts nothing and answers the wait in seconds. Of attempts made at the same moment, no
   * more pass than one after another would, which checking and recording apart cannot promise.
   */
  reserve(keys: string[]): Promise<number>;
  /** Takes back one attempt counted on each key (a reserved attempt that was no failure). */
  release(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
};

type FixedWindowOptions = { max: number; windowMs: number };

export type BackoffOptions = { freeFailures: number; maxDelayMs: number; forgetAfterMs: number };

/**
 * Makes the limiters of one store. `name` keeps each limiter's keys apart from the others' where
 * they share a store (Redis); the same key in two limiters is two counts.
 */
export type AttemptLimiters = {
  /** `max` attempts per key in fixed windows of `windowMs` (createAttemptLimiter). */
  fixedWindow(name: string, options: FixedWindowOptions): AttemptLimiter;
  /** A growing delay per key after its free failures (createBackoffLimiter). */
  backoff(name: string, options: BackoffOptions): AttemptLimiter;
};

/** A window's count and end (ms), as either store keeps it. */
export type Window = { count: number; endsAt: number };

/** A key's failures and the time (ms) of its last one, as either store keeps them. */
export type Failures = { count: number; lastAt: number };

/** How long (ms) a key must still wait in its fixed window; 0 below the maximum or once it ended. */
export function windowWaitMs(window: Window | undefined, max: number, now: number): number {
  if (!window || window.endsAt <= now || window.count < max) return 0;
  return window.endsAt - now;
}

/** How long (ms) a key must still wait after its failures; 0 once they are forgotten. */
export function backoffWaitMs(
  failures: Failures | undefined,
  options: BackoffOptions,
  now: number,
): number {
  if (!failures || failures.lastAt + options.forgetAfterMs <= now) return 0;
  if (failures.count <= options.freeFailures) return 0;
  // Capped before exponentiating, so a long attack cannot overflow the number.
  const delayMs = Math.min(
    2 ** Math.min(failures.count - options.freeFailures, 40) * 1000,
    options.maxDelayMs,
  );
  return Math.max(0, failures.lastAt + delayMs - now);
}

/** The longest of the waits, in whole seconds as a Retry-After header says it. */
export function toRetryAfterSeconds(waitsMs: number[]): number {
  return Math.ceil(Math.max(0, ...waitsMs) / 1000);
}

/** Limiters kept in this process's memory: without REDIS_URL, and as Redis's fallback. */
export function createMemoryLimiters(clock: Clock): AttemptLimiters {
  return {
    fixedWindow: (_name, options) => createAttemptLimiter({ ...options, clock }),
    backoff: (_name, options) => createBackoffLimiter({ ...options, clock }),
  };
}

/** At most this many keys are remembered, so that a flood of keys cannot exhaust memory. */
const MAX_KEYS = 100_000;

/**
 * A limiter of one store of counts in this process's memory, told by its kind how long a key's
 * count must wait and what one more attempt makes of it. Every call is synchronous inside, so
 * nothing runs between a reservation's check and its count.
 */
function createMemoryLimiter<Count extends { count: number }>({
  clock,
  waitMs,
  counted,
}: {
  clock: Clock;
  waitMs: (count: Count | undefined, now: number) => number;
  /** The count after one more attempt at `now`. */
  counted: (count: Count | undefined, now: number) => Count;
}): AttemptLimiter {
  const counts = new LRUCache<string, Count>({ max: MAX_KEYS });
  const waitSeconds = (keys: string[], now: number) =>
    toRetryAfterSeconds(keys.map((key) => waitMs(counts.get(key), now)));
  const recordAt = (keys: string[], now: number) => {
    for (const key of keys) counts.set(key, counted(counts.get(key), now));
  };

  return {
    async retryAfterSeconds(keys) {
      return waitSeconds(keys, clock().getTime());
    },
    async record(keys) {
      recordAt(keys, clock().getTime());
    },
    async reserve(keys) {
      const now = clock().getTime();
      const wait = waitSeconds(keys, now);
      if (wait === 0) recordAt(keys, now);
      return wait;
    },
    async release(keys) {
      for (const key of keys) {
        const count = counts.get(key);
        if (count && count.count > 0) counts.set(key, { ...count, count: count.count - 1 });
      }
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}

/**
 * Counts attempts per key (a client address) in fixed windows: `max` per `windowMs`, in this
 * process's memory.
 */
function createAttemptLimiter({
  max,
  windowMs,
  clock,
}: FixedWindowOptions & { clock: Clock }): AttemptLimiter {
  return createMemoryLimiter<Window>({
    clock,
    waitMs: (window, now) => windowWaitMs(window, max, now),
    counted: (window, now) =>
      window && window.endsAt > now
        ? { ...window, count: window.count + 1 }
        : { count: 1, endsAt: now + windowMs },
  });
}

/**
 * Failures per key (an account) with a growing delay: the first `freeFailures` cost nothing;
 * after the nth failure beyond them the key waits 2^(n - freeFailures) seconds, at most
 * `maxDelayMs`, before its next attempt is even checked. A key forgets its failures
 * `forgetAfterMs` after the last one, or at once on `clear` (a right password). In this
 * process's memory.
 */
function createBackoffLimiter({
  clock,
  ...options
}: BackoffOptions & { clock: Clock }): AttemptLimiter {
  return createMemoryLimiter<Failures>({
    clock,
    waitMs: (failures, now) => backoffWaitMs(failures, options, now),
    counted: (failures, now) => {
      const isRemembered = failures !== undefined && failures.lastAt + options.forgetAfterMs > now;
      return { count: (isRemembered ? failures.count : 0) + 1, lastAt: now };
    },
  });
}
