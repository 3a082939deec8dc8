export const WELLBEING_CONTENT_KEY = 'wellbeing';
export const WELLBEING_DAYS = 90;

const pad = (n: number) => String(n).padStart(2, '0');
const key = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The last 90 days, today included, as yyyy-MM-dd. */
export function lastDaysRange(days = WELLBEING_DAYS, today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: key(from), to: key(today) };
}
