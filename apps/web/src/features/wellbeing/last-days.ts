export const WELLBEING_CONTENT_KEY = 'wellbeing';
export const WELLBEING_DAYS = 90;

const pad = (n: number) => String(n).padStart(2, '0');
const utcKey = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The last 90 days, today included, as yyyy-MM-dd. Days are the firm's days, UTC, as the server
 * keeps check-ins and the calendar shows them (decision 0087), not the browser's.
 */
export function lastDaysRange(days = WELLBEING_DAYS, today = new Date()): { from: string; to: string } {
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)));
  return { from: utcKey(from), to: utcKey(today) };
}
