import { describe, expect, it } from 'vitest';
import { formatPhone, looksLikePhone, toAccountPhone } from './phone.ts';

describe('toAccountPhone', () => {
  it.each([
    ['0788123456', '+250788123456'],
    ['0788 123 456', '+250788123456'],
    ['788123456', '+250788123456'],
    ['+250 788 123 456', '+250788123456'],
    ['00250788123456', '+250788123456'],
    ['250788123456', '+250788123456'],
    ['0731234567', '+250731234567'],
    ['0722123456', '+250722123456'],
    ['+254 712 345 678', '+254712345678'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('reads %s as %s', (typed, e164) => {
    expect(toAccountPhone(typed)).toBe(e164);
  });

  it.each(['', '0788', '07881234567890', 'abc', '+250 123', '0588123456'])(
    'refuses %j',
    (typed) => {
      expect(toAccountPhone(typed)).toBeNull();
    },
  );
});

describe('looksLikePhone', () => {
  it('tells numbers from e-mail addresses', () => {
    expect(looksLikePhone('0788 123 456')).toBe(true);
    expect(looksLikePhone('+250788123456')).toBe(true);
    expect(looksLikePhone('amina@example.rw')).toBe(false);
    expect(looksLikePhone('0788@example.rw')).toBe(false);
    expect(looksLikePhone('amina')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('groups the digits as people read them', () => {
    expect(formatPhone('+250788123456')).toBe('+250 788 123 456');
  });
});
