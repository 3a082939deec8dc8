/**
 * How long ago, in English, worded as `Intl.RelativeTimeFormat('en', { numeric: 'auto' })` words
 * it ('yesterday', 'last week', '3 days ago'; relative-time.test.ts holds the two side by side).
 * Written out because the first `Intl` object a page makes loads the browser's locale data: about
 * 45 ms of a desktop core, some 180 ms of a slow phone's main thread, and on Home nothing else
 * needs it (decision 0064).
 */
type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';
const LAST: Partial<Record<Unit, string>> = {
  day: 'yesterday',
  week: 'last week',
  month: 'last month',
  year: 'last year',
};

function ago(count: number, unit: Unit): string {
  if (count === 1 && LAST[unit]) return LAST[unit];
  const digits = String(count).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${digits} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago' from minutes since posted. */
export function relativeTimeFromMins(mins: number): string {
  const m = Math.max(0, Math.floor(Number(mins) || 0));
  if (m < 1) return 'just now';
  if (m < 60) return ago(m, 'minute');
  const h = Math.floor(m / 60);
  if (h < 24) return ago(h, 'hour');
  const d = Math.floor(h / 24);
  if (d < 7) return ago(d, 'day');
  if (d < 30) return ago(Math.floor(d / 7), 'week');
  if (d < 365) return ago(Math.floor(d / 30), 'month');
  return ago(Math.floor(d / 365), 'year');
}
