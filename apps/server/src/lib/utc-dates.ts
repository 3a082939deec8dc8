/** The firm's day is the UTC calendar day (spec §9: server dates are UTC). */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The yyyy-MM-dd `n` days after `day` (before it when `n` is negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from one yyyy-MM-dd to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
