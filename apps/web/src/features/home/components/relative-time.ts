const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago' from minutes since posted. */
export function relativeTimeFromMins(mins: number): string {
  const m = Math.max(0, Math.floor(Number(mins) || 0));
  if (m < 1) return 'just now';
  if (m < 60) return rtf.format(-m, 'minute');
  const h = Math.floor(m / 60);
  if (h < 24) return rtf.format(-h, 'hour');
  const d = Math.floor(h / 24);
  if (d < 7) return rtf.format(-d, 'day');
  if (d < 30) return rtf.format(-Math.floor(d / 7), 'week');
  if (d < 365) return rtf.format(-Math.floor(d / 30), 'month');
  return rtf.format(-Math.floor(d / 365), 'year');
}
