import type { CelebrationRow } from '@ovation/shared/schemas/feed';

/** Rows grouped by their date (yyyy-MM-dd), dates ascending, order within a date kept. */
export function groupByDate(rows: CelebrationRow[]): { date: string; rows: CelebrationRow[] }[] {
  const groups = new Map<string, CelebrationRow[]>();
  for (const row of rows) {
    const list = groups.get(row.dOBdate) ?? [];
    list.push(row);
    groups.set(row.dOBdate, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, list]) => ({ date, rows: list }));
}

/** 'Tuesday 24 November' for a yyyy-MM-dd date (the calendar day, whatever the zone). */
export function dayHeading(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/**
 * Today as the server counts it (the UTC day, as `GET /api/celebrations/today` does), so the
 * upcoming list leaves out exactly the day "Today" shows, even after midnight in Johannesburg.
 */
export function serverTodayKey(d = new Date()): string {
  return d.toISOString().slice(0, 10);
}
