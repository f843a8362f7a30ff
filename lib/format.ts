const rwf = new Intl.NumberFormat('en-RW', {
  style: 'currency',
  currency: 'RWF',
  currencyDisplay: 'code',
  maximumFractionDigits: 0,
});

const integer = new Intl.NumberFormat('en-RW', { maximumFractionDigits: 0 });

/** 1500000 -> 'RWF 1,500,000'. RWF has no minor unit, so amounts are whole francs. */
export function formatRwf(amount: number): string {
  return rwf.format(amount).replace(/\s/g, ' ');
}

/** 1500000 -> '1,500,000', for places that print the currency label themselves. */
export function formatAmount(amount: number): string {
  return integer.format(amount);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts a text to `limit` characters and adds '...' when anything was cut. Counts what a reader
 * sees as one character (grapheme), not UTF-16 units or code points, so an emoji, a flag or an
 * accented name is never split in half.
 */
export function truncate(text: string, limit: number): string {
  const characters = Array.from(graphemes.segment(text.trim()), (part) => part.segment);
  if (characters.length <= limit) return characters.join('');
  return characters.slice(0, limit).join('').trimEnd() + '...';
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'yesterday', 'just now': how long ago `date` was, seen from `now`. */
export function formatTimeAgo(date: Date, now: Date): string {
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (seconds < size) continue;
    // Twelve 30-day months fall short of a year: 360 to 364 days still read as 11 months.
    const count =
      unit === 'month' ? Math.min(11, Math.floor(seconds / size)) : Math.floor(seconds / size);
    return relative.format(-count, unit);
  }
  return 'just now';
}

const kigaliDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Kigali',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** '2026-11-21T08:05:00Z' -> '21 Nov 2026, 10:05': Kigali time, the same on server and browser. */
export function formatDateTime(iso: string | Date): string {
  return kigaliDateTime.format(new Date(iso));
}
