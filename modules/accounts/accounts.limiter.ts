import { LRUCache } from 'lru-cache';
import type { Clock } from '#lib/clock.ts';

type Window = { count: number; endsAt: number };

/**
 * Counts attempts per key (a client address, an account) in fixed windows. Kept in memory: one
 * process holds the counts; several processes would share them through Redis (see
 * docs/deployment.md). The cache is bounded so a flood of keys cannot exhaust memory.
 */
export function createAttemptLimiter({
  max,
  windowMs,
  clock,
}: {
  max: number;
  windowMs: number;
  clock: Clock;
}) {
  const windows = new LRUCache<string, Window>({ max: 100_000 });

  function current(key: string, now: number): Window | undefined {
    const window = windows.get(key);
    if (!window || window.endsAt <= now) return undefined;
    return window;
  }

  /** Seconds until every key is below its limit again, or 0 when none has reached it. */
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
