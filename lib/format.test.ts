import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPropertySeed } from '#test/property-seed.ts';
import { formatAmount, formatDateTime, formatRwf, formatTimeAgo, truncate } from './format.ts';

describe('formatRwf', () => {
  it('prints whole francs with the RWF code and thousands separators', () => {
    expect(formatRwf(1_500_000)).toBe('RWF 1,500,000');
    expect(formatRwf(450_000)).toBe('RWF 450,000');
    expect(formatRwf(999)).toBe('RWF 999');
  });

  it('prints zero', () => {
    expect(formatRwf(0)).toBe('RWF 0');
  });

  it('prints large amounts in full, never in exponent form', () => {
    expect(formatRwf(18_500_000_000)).toBe('RWF 18,500,000,000');
    expect(formatRwf(Number.MAX_SAFE_INTEGER)).toBe('RWF 9,007,199,254,740,991');
  });

  it('rounds to whole francs, since RWF has no minor unit', () => {
    expect(formatRwf(1_500.6)).toBe('RWF 1,501');
    expect(formatRwf(1_500.4)).toBe('RWF 1,500');
  });

  it('uses an ordinary space between the code and the amount', () => {
    expect(formatRwf(1_000)).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('formatAmount', () => {
  it('prints the amount without a currency label', () => {
    expect(formatAmount(1_500_000)).toBe('1,500,000');
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(12)).toBe('12');
    expect(formatAmount(18_500_000_000)).toBe('18,500,000,000');
  });

  it('rounds to whole francs', () => {
    expect(formatAmount(2_499.5)).toBe('2,500');
  });
});

describe('truncate', () => {
  const sentence =
    'A bright four-bedroom house with a garden, close to schools and the main road in Kicukiro.';

  it.each([80, 60])('leaves a text of exactly %i characters unchanged', (limit) => {
    const exact = 'x'.repeat(limit);
    expect(truncate(exact, limit)).toBe(exact);
  });

  it.each([80, 60])('leaves a shorter text unchanged at %i', (limit) => {
    expect(truncate('Villa in Nyarutarama', limit)).toBe('Villa in Nyarutarama');
  });

  it.each([80, 60])('cuts a longer text to %i characters and adds ...', (limit) => {
    const long = 'y'.repeat(limit + 1);
    expect(truncate(long, limit)).toBe('y'.repeat(limit) + '...');
  });

  it('cuts a real description at 80 and at 60 characters', () => {
    expect(sentence.length).toBeGreaterThan(80);
    expect(truncate(sentence, 80)).toBe(sentence.slice(0, 80) + '...');
    expect(truncate(sentence, 60)).toBe(sentence.slice(0, 60).trimEnd() + '...');
    expect(truncate(sentence, 60)).toBe(
      'A bright four-bedroom house with a garden, close to schools...',
    );
  });

  it('does not leave a space before the ...', () => {
    const text = 'z'.repeat(59) + ' and more words after the limit';
    expect(truncate(text, 60)).toBe('z'.repeat(59) + '...');
  });

  it('ignores whitespace around the text', () => {
    expect(truncate('   Villa in Nyarutarama \n', 80)).toBe('Villa in Nyarutarama');
    const padded = `  ${'w'.repeat(60)}  `;
    expect(truncate(padded, 60)).toBe('w'.repeat(60));
    expect(truncate('   ', 60)).toBe('');
  });

  it('counts an emoji as one character and never splits it', () => {
    const emoji = '🏡'.repeat(61);
    const cut = truncate(emoji, 60);
    expect(cut).toBe('🏡'.repeat(60) + '...');
    expect(truncate('🏡'.repeat(60), 60)).toBe('🏡'.repeat(60));
  });

  it('never splits a multi-byte accented character', () => {
    const text = 'é'.repeat(59) + 'ñü';
    expect(truncate(text, 60)).toBe('é'.repeat(59) + 'ñ...');
  });

  it('keeps a flag or a family emoji whole at the cut', () => {
    const flag = '🇷🇼';
    expect(truncate('a'.repeat(59) + flag + 'b', 60)).toBe('a'.repeat(59) + flag + '...');
    const family = '👨‍👩‍👧';
    expect(truncate('a'.repeat(79) + family + ' more', 80)).toBe('a'.repeat(79) + family + '...');
    expect(truncate('a'.repeat(59) + flag, 60)).toBe('a'.repeat(59) + flag);
  });

  it('keeps a letter with a combining accent whole', () => {
    const decomposed = 'e\u0301';
    const text = 'a'.repeat(59) + decomposed + 'bc';
    expect(truncate(text, 60)).toBe('a'.repeat(59) + decomposed + '...');
  });

  it('cuts any text as counting every grapheme would', () => {
    const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const byEveryGrapheme = (text: string, limit: number) => {
      const characters = Array.from(graphemes.segment(text.trim()), (part) => part.segment);
      if (characters.length <= limit) return characters.join('');
      return characters.slice(0, limit).join('').trimEnd() + '...';
    };
    // Mostly ASCII with accents, combining marks, emoji, flags and line breaks mixed in.
    const piece = fc.oneof(
      { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }) },
      fc.constantFrom('é', 'e\u0301', '🏡', '🇷🇼', '👨‍👩‍👧', '\r\n', ' ', 'ñ'),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.integer({ min: 0, max: 90 }),
        (parts, limit) => {
          const text = parts.join('');
          expect(truncate(text, limit)).toBe(byEveryGrapheme(text, limit));
        },
      ),
      withPropertySeed({ numRuns: 2000 }),
    );
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const secondsAgo = (seconds: number) =>
    formatTimeAgo(new Date(now.getTime() - seconds * 1000), now);
  const MINUTE = 60;
  const HOUR = 3600;
  const DAY = 24 * HOUR;

  it('says just now under a minute, and for a date in the future', () => {
    expect(secondsAgo(0)).toBe('just now');
    expect(secondsAgo(59)).toBe('just now');
    expect(secondsAgo(-120)).toBe('just now');
  });

  it('counts minutes', () => {
    expect(secondsAgo(MINUTE)).toBe('1 minute ago');
    expect(secondsAgo(5 * MINUTE + 20)).toBe('5 minutes ago');
    expect(secondsAgo(59 * MINUTE)).toBe('59 minutes ago');
  });

  it('counts hours', () => {
    expect(secondsAgo(HOUR)).toBe('1 hour ago');
    expect(secondsAgo(3 * HOUR)).toBe('3 hours ago');
    expect(secondsAgo(23 * HOUR + 59 * MINUTE)).toBe('23 hours ago');
  });

  it('says yesterday for one day', () => {
    expect(secondsAgo(DAY)).toBe('yesterday');
    expect(secondsAgo(DAY + 5 * HOUR)).toBe('yesterday');
  });

  it('counts days', () => {
    expect(secondsAgo(2 * DAY)).toBe('2 days ago');
    expect(secondsAgo(6 * DAY)).toBe('6 days ago');
  });

  it('counts weeks', () => {
    expect(secondsAgo(7 * DAY)).toBe('last week');
    expect(secondsAgo(15 * DAY)).toBe('2 weeks ago');
    expect(secondsAgo(29 * DAY)).toBe('4 weeks ago');
  });

  it('counts months', () => {
    expect(secondsAgo(30 * DAY)).toBe('last month');
    expect(secondsAgo(95 * DAY)).toBe('3 months ago');
  });

  it('counts years', () => {
    expect(secondsAgo(365 * DAY)).toBe('last year');
    expect(secondsAgo(3 * 365 * DAY)).toBe('3 years ago');
  });

  it('reads the two dates it is given, not the system clock', () => {
    const listed = new Date('2020-01-01T00:00:00Z');
    expect(formatTimeAgo(listed, new Date('2020-01-01T00:00:30Z'))).toBe('just now');
    expect(formatTimeAgo(listed, new Date('2020-01-03T00:00:00Z'))).toBe('2 days ago');
  });
});

describe('formatDateTime', () => {
  it('prints the time in Kigali (UTC+2) whatever the machine time zone', () => {
    expect(formatDateTime('2026-11-21T08:05:00Z')).toBe('21 Nov 2026, 10:05');
    expect(formatDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('1 Jan 2027, 01:30');
  });
});
