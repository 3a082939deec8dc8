/** The firm's day is the UTC calendar day (spec §9: server dates are UTC). */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** True for a real calendar date written yyyy-MM-dd. */
export function isCalendarDate(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** Dates a member can ask for: a firm's records, not the calendar's ends (decision 0062). */
const FIRST_DAY = '1900-01-01';
const LAST_DAY = '2199-12-31';

/**
 * True for a real calendar date written yyyy-MM-dd within 1900–2199: year 0000 or 9999 would
 * reach the database as a value it refuses (a 400 with no field named) or overflows a day later.
 */
export function isFirmDate(day: string): boolean {
  return isCalendarDate(day) && day >= FIRST_DAY && day <= LAST_DAY;
}

/** The yyyy-MM-dd `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one yyyy-MM-dd to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
