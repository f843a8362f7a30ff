import { describe, expect, it } from 'vitest';
import { createAttemptLimiter, createBackoffLimiter } from './accounts.limiter.ts';

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

describe('createBackoffLimiter', () => {
  /** 5 free failures, then 2^(n-5) s, at most 15 minutes, forgotten after a day. */
  function createTestBackoff() {
    let now = Date.parse('2026-03-01T08:00:00Z');
    const limiter = createBackoffLimiter({
      freeFailures: 5,
      maxDelayMs: 15 * 60_000,
      forgetAfterMs: 24 * 60 * 60_000,
      clock: () => new Date(now),
    });
    return {
      limiter,
      advanceSeconds(seconds: number) {
        now += seconds * 1000;
      },
    };
  }

  it('lets the first 5 failures go free, then doubles the wait from 2 seconds', () => {
    const { limiter } = createTestBackoff();
    for (let failure = 1; failure <= 5; failure++) {
      limiter.record(['account:a']);
      expect(limiter.retryAfterSeconds(['account:a']), `after ${failure}`).toBe(0);
    }
    const waits = [];
    for (let failure = 6; failure <= 10; failure++) {
      limiter.record(['account:a']);
      waits.push(limiter.retryAfterSeconds(['account:a']));
    }
    expect(waits).toEqual([2, 4, 8, 16, 32]);
  });

  it('counts the wait from the last failure, and caps it at 15 minutes', () => {
    const { limiter, advanceSeconds } = createTestBackoff();
    for (let failure = 1; failure <= 7; failure++) limiter.record(['account:a']);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(4);
    advanceSeconds(3);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(1);
    advanceSeconds(1);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(0);

    for (let failure = 8; failure <= 60; failure++) limiter.record(['account:a']);
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(15 * 60);
  });

  it('keeps each key apart, and forgets a key on clear or a day after its last failure', () => {
    const { limiter, advanceSeconds } = createTestBackoff();
    for (let failure = 1; failure <= 8; failure++) limiter.record(['account:a', 'account:b']);
    expect(limiter.retryAfterSeconds(['account:c'])).toBe(0);
    limiter.clear('account:a');
    expect(limiter.retryAfterSeconds(['account:a'])).toBe(0);
    expect(limiter.retryAfterSeconds(['account:b'])).toBe(8);
    expect(limiter.retryAfterSeconds(['account:a', 'account:b'])).toBe(8);

    advanceSeconds(24 * 60 * 60);
    limiter.record(['account:b']);
    expect(limiter.retryAfterSeconds(['account:b'])).toBe(0);
  });
});
