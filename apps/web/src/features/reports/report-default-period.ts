import type { ReportFilters } from '@ovation/shared/schemas/reports';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The current month, in UTC as the server counts days. */
function thisMonth(now: Date) {
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: isoDay(new Date(Date.UTC(year, month + 1, 0))) };
}

/**
 * Reports whose server walks a period of its own when none is given: the Birthdays report walks
 * the current month (`birthdayPeriod` on the server). Its definition does not carry that period
 * yet, so the screen mirrors the rule here to show in From and To the period actually used
 * (decision 0098).
 */
const DEFAULT_PERIODS: Partial<Record<string, (now: Date) => { from: string; to: string }>> = {
  reportbirthdays: thisMonth,
};

/** The filters with the report's default period filled in where an end is missing. */
export function withDefaultPeriod(reportKey: string, filters: ReportFilters, now = new Date()): ReportFilters {
  const period = DEFAULT_PERIODS[reportKey]?.(now);
  if (!period || (filters.from && filters.to)) return filters;
  return { ...filters, from: filters.from ?? period.from, to: filters.to ?? period.to };
}
