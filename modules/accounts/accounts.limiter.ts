import { LRUCache } from 'lru-cache';
import type { Clock } from '#lib/clock.ts';

/**
 * What the sign-in limits need of a store of attempt counts: how long a set of keys must still
 * wait, one more failure for each key, and forgetting a key. Kept this small so the counts can
 * move to Redis (shared by several processes) behind the same three calls.
 */
export type AttemptLimiter = {
  /** Seconds until every key may try again, or 0 when none has to wait. */
  retryAfterSeconds(keys: string[]): number;
  record(keys: string[]): void;
  clear(key: string): void;
};

/** At most this many keys are remembered, so that a flood of keys cannot exhaust memory. */
const MAX_KEYS = 100_000;

type Window = { count: number; endsAt: number };

/**
 * Counts attempts per key (a client address) in fixed windows: `max` per `windowMs`. Kept in
 * memory: one process holds the counts (see docs/deployment.md).
 */
export function createAttemptLimiter({
  max,
  windowMs,
  clock,
}: {
  max: number;
  windowMs: number;
  clock: Clock;
}): AttemptLimiter {
  const windows = new LRUCache<string, Window>({ max: MAX_KEYS });

  function current(key: string, now: number): Window | undefined {
    const window = windows.get(key);
    if (!window || window.endsAt <= now) return undefined;
    return window;
  }

  function retryAfterSeconds(keys: string[]): number {
    const now = clock().getTime();
    let waitMs = 0;
    for (const key of keys) {
      const window = current(key, now);
      if (window && window.count >= max) waitMs = Math.max(waitMs, window.endsAt - now);
    }
    return Math.ceil(waitMs / 1000);
  }

  function record(keys: string[]): void {
    const now = clock().getTime();
    for (const key of keys) {
      const window = current(key, now) ?? { count: 0, endsAt: now + windowMs };
      windows.set(key, { ...window, count: window.count + 1 });
    }
  }

  function clear(key: string): void {
    windows.delete(key);
  }

  return { retryAfterSeconds, record, clear };
}

type Failures = { count: number; lastAt: number };

/**
 * Failures per key (an account) with a growing delay: the first `freeFailures` cost nothing;
 * after the nth failure beyond them the key waits 2^(n - freeFailures) seconds, at most
 * `maxDelayMs`, before its next attempt is even checked. A key forgets its failures
 * `forgetAfterMs` after the last one, or at once on `clear` (a right password).
 */
export function createBackoffLimiter({
  freeFailures,
  maxDelayMs,
  forgetAfterMs,
  clock,
}: {
  freeFailures: number;
  maxDelayMs: number;
  forgetAfterMs: number;
  clock: Clock;
}): AttemptLimiter {
  const failures = new LRUCache<string, Failures>({ max: MAX_KEYS });

  function current(key: string, now: number): Failures | undefined {
    const entry = failures.get(key);
    if (!entry || entry.lastAt + forgetAfterMs <= now) return undefined;
    return entry;
  }

  function delayMs(count: number): number {
    if (count <= freeFailures) return 0;
    // Capped before exponentiating, so a long attack cannot overflow the number.
    return Math.min(2 ** Math.min(count - freeFailures, 40) * 1000, maxDelayMs);
  }

  function retryAfterSeconds(keys: string[]): number {
    const now = clock().getTime();
    let waitMs = 0;
    for (const key of keys) {
      const entry = current(key, now);
      if (entry) waitMs = Math.max(waitMs, entry.lastAt + delayMs(entry.count) - now);
    }
    return Math.ceil(waitMs / 1000);
  }

  function record(keys: string[]): void {
    const now = clock().getTime();
    for (const key of keys) {
      const count = (current(key, now)?.count ?? 0) + 1;
      failures.set(key, { count, lastAt: now });
    }
  }

  function clear(key: string): void {
    failures.delete(key);
  }

  return { retryAfterSeconds, record, clear };
}
