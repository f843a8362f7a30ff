/**
 * Days as Kigali counts them. Rwanda keeps Central Africa Time, UTC+2, all year: a report's
 * weeks and a filter's days begin at Kigali's midnight. Days are written YYYY-MM-DD.
 */

/** A day in milliseconds. */
export const DAY_MS = 24 * 3600 * 1000;
const KIGALI_OFFSET_MS = 2 * 3600 * 1000;

/** The day (YYYY-MM-DD) a moment falls on in Kigali. */
export function kigaliDay(moment: Date): string {
  return new Date(moment.getTime() + KIGALI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The moment a Kigali day begins. */
export function startOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KIGALI_OFFSET_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of a day's week (weeks run Monday to Sunday, as PostgreSQL's date_trunc). */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** How many days lie from `from` to `to`. */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}
