import { t, tCount } from './i18n.ts';
import type { PricePeriod } from './listing.ts';

// Amounts, dates and "time ago" are written from the catalogue of the page's language rather than
// by Intl's number and date formats: browsers ship no Kinyarwanda data for those (Chromium formats
// 'rw' as English), and the server and the hydrated page must print the same text.

/** 1500000 -> '1,500,000' ('1.500.000', '1 500 000'), for places that print the currency label. */
export function formatAmount(amount: number): string {
  const digits = BigInt(Math.round(amount)).toString();
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, t('format.thousandsSeparator'));
}

/** 1500000 -> 'RWF 1,500,000' ('1.500.000 Frw', '1 500 000 RWF'). RWF has no minor unit. */
export function formatRwf(amount: number): string {
  return t('format.rwf', { amount: formatAmount(amount) });
}

/** A price and what it is for: "RWF 350,000 /\u00a0month"; a sale price (no period) alone. */
export function formatPrice(amount: number, period: PricePeriod | null | undefined): string {
  const price = formatRwf(amount);
  // "/ ukwezi" never splits over two lines: a phone's narrow price line may break only before it.
  return period ? `${price} ${t(`price.suffix.${period}`).replaceAll(' ', '\u00a0')}` : price;
}

/**
 * How far a place is: '350 m' below a kilometre (to 50 m: the public point of a private listing
 * is itself only within 300 m), else '1.2 km', '12 km' from ten on.
 */
export function formatDistance(km: number): string {
  if (km < 0.975) {
    return t('format.distanceM', { distance: String(Math.max(50, Math.round(km * 20) * 50)) });
  }
  const shown = km < 9.95 ? (Math.round(km * 10) / 10).toFixed(1) : String(Math.round(km));
  return t('format.distanceKm', { distance: shown.replace('.', t('format.decimalSeparator')) });
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts a text to `limit` characters and adds '...' when anything was cut. Counts what a reader
 * sees as one character (grapheme), not UTF-16 units or code points, so an emoji, a flag or an
 * accented name is never split in half.
 */
export function truncate(text: string, limit: number): string {
  const trimmed = text.trim();
  // A grapheme is one code unit or more: a text this short is within the limit. Longer ones are
  // segmented only up to the limit (cards truncate descriptions of thousands of characters).
  if (trimmed.length <= limit) return trimmed;
  // Printable ASCII is one character per code unit, and one more after it ends the last one.
  const head = trimmed.slice(0, limit + 1);
  if (/^[\x20-\x7e]*$/.test(head)) return trimmed.slice(0, limit).trimEnd() + '...';
  let count = 0;
  for (const { index } of graphemes.segment(trimmed)) {
    if (count === limit) return trimmed.slice(0, index).trimEnd() + '...';
    count += 1;
  }
  return trimmed;
}

const UNITS: ['year' | 'month' | 'week' | 'day' | 'hour' | 'minute', number][] = [
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
  for (const [unit, size] of UNITS) {
    if (seconds < size) continue;
    // Twelve 30-day months fall short of a year: 360 to 364 days still read as 11 months.
    const count =
      unit === 'month' ? Math.min(11, Math.floor(seconds / size)) : Math.floor(seconds / size);
    return tCount(`timeAgo.${unit}`, count);
  }
  return t('timeAgo.now');
}

/** Rwanda keeps Central Africa Time, UTC+2, all year. */
const KIGALI_OFFSET_MS = 2 * 3600 * 1000;

type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

function kigaliParts(value: string | Date) {
  const kigali = new Date(new Date(value).getTime() + KIGALI_OFFSET_MS);
  return {
    day: kigali.getUTCDate(),
    month: (kigali.getUTCMonth() + 1) as Month,
    year: kigali.getUTCFullYear(),
    time: `${String(kigali.getUTCHours()).padStart(2, '0')}:${String(kigali.getUTCMinutes()).padStart(2, '0')}`,
  };
}

/** '2026-11-21T08:05:00Z' -> '21 Nov 2026' ('21 nov. 2026', '21 Ugushyingo 2026'), Kigali time. */
export function formatDate(value: string | Date): string {
  const { day, month, year } = kigaliParts(value);
  return t('format.date', { day, month: t(`format.month.${month}`), year });
}

/** '2026-11-21T08:05:00Z' -> '21 Nov 2026, 10:05': Kigali time, the same on server and browser. */
export function formatDateTime(value: string | Date): string {
  return t('format.dateTime', { date: formatDate(value), time: kigaliParts(value).time });
}

/** '2026-11-21T08:05:00Z' -> 'November 2026' ('novembre 2026', 'Ugushyingo 2026'). */
export function formatMonthYear(value: string | Date): string {
  const { month, year } = kigaliParts(value);
  return t('format.monthYear', { month: t(`format.monthLong.${month}`), year });
}
