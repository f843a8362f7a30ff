import { describe, expect, it } from 'vitest';
import { createAttemptLimiter } from './accounts.limiter.ts';

const WINDOW_MS = 60_000;

/** A limiter of 3 attempts per minute on a clock the test moves by hand. */
function createTestLimiter(max = 3) {
  let now = Date.parse('2026-03-01T08:00:00Z');
  const limiter = createAttemptLimiter({ max, windowMs: WINDOW_MS, clock: () => new Date(now) });
  return {
    limiter,
    advanceSeconds(seconds: number) {
      now += seconds * 1000;
    },
    recordTimes(keys: string[], times: number) {
      for (let index = 0; index < times; index++) limiter.record(keys);
    },
  };
}

describe('createAttemptLimiter', () => {
  it('answers 0 while a key is below the maximum', () => {
    const { limiter, recordTimes } = createTestLimiter();
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(0);
    recordTimes(['ip:1'], 2);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(0);
  });

  it('answers the seconds until the window ends once a key reaches the maximum', () => {
    const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
    recordTimes(['ip:1'], 3);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(60);
    advanceSeconds(10);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(50);
    advanceSeconds(9.5);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(41);
  });

  it('counts attempts in fixed windows from the first one, not a sliding one', () => {
    const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
    recordTimes(['ip:1'], 1);
    advanceSeconds(40);
    recordTimes(['ip:1'], 2);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(20);
  });

  it('starts a new window once the old one has ended', () => {
    const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
    recordTimes(['ip:1'], 3);
    advanceSeconds(60);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(0);

    recordTimes(['ip:1'], 2);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(0);
    recordTimes(['ip:1'], 1);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(60);
  });

  it('forgets a key on clear, leaving the others counted', () => {
    const { limiter, recordTimes } = createTestLimiter();
    recordTimes(['ip:1', 'account:a'], 3);
    limiter.clear('account:a');
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(0);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(60);

    recordTimes(['account:a'], 2);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(0);
  });

  it('answers the longest wait among several keys, ignoring keys below the maximum', () => {
    const { limiter, recordTimes, advanceSeconds } = createTestLimiter();
    recordTimes(['ip:1'], 3);
    advanceSeconds(20);
    recordTimes(['account:a'], 3);
    recordTimes(['account:b'], 1);
    advanceSeconds(10);

    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(30);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(50);
    expect(limiter.retryAfterSeconds(['ip:1', 'account:a', 'account:b'])).toBe(50);
    expect(limiter.retryAfterSeconds(['account:b', 'ip:1'])).toBe(30);
    expect(limiter.retryAfterSeconds([])).toBe(0);
  });

  it('records every key it is given, each in its own window', () => {
    const { limiter, recordTimes } = createTestLimiter(1);
    recordTimes(['ip:1', 'account:a'], 1);
    expect(limiter.retryAfterSeconds(['ip:1'])).toBe(60);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(60);
    expect(limiter.retryAfterSeconds(['ip:2'])).toBe(0);
  });
});
