import { isIsoDate } from '@ovation/shared/iso-date';
import { reportDay } from './report-format.ts';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The longest period the server draws the dashboard for. */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  from: string;
  to: string;
}

/** The last 90 days, today included (the server's default too). */
export function defaultPeriod(now = Date.now()): Period {
  return { from: isoDay(now - 89 * DAY), to: isoDay(now) };
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;

/** Why a period cannot be drawn, in the words the period's To field shows; null when it can. */
export function periodProblem({ from, to }: Period): string | null {
  if (from > to) return 'The end is before the start';
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) return 'Choose a period of at most a year';
  return null;
}

/**
 * The dashboard's period from its address (?from=&to=, as the reports keep theirs). A missing end
 * takes the server's default (to today, from 90 days before to). A period that cannot be drawn is
 * not replaced in silence: the default is shown with a notice saying what was wrong (decision 0098).
 */
export function readPeriod(params: URLSearchParams, now = Date.now()): { period: Period; notice: string | null } {
  const rawFrom = params.get('from')?.trim() || null;
  const rawTo = params.get('to')?.trim() || null;
  const fallback = defaultPeriod(now);
  if (!rawFrom && !rawTo) return { period: fallback, notice: null };
  const instead = 'showing the last 90 days instead.';
  if ((rawFrom && !isIsoDate(rawFrom)) || (rawTo && !isIsoDate(rawTo))) {
    return { period: fallback, notice: `The period in the address is not a valid date (use yyyy-mm-dd): ${instead}` };
  }
  const to = rawTo ?? fallback.to;
  const period = { from: rawFrom ?? isoDay(Date.parse(to) - 89 * DAY), to };
  if (period.from > period.to) {
    const shown = `${reportDay(period.from)} to ${reportDay(period.to)}`;
    return { period: fallback, notice: `The period in the address (${shown}) ends before it starts: ${instead}` };
  }
  if (daysBetween(period.from, period.to) > MAX_PERIOD_DAYS) {
    return { period: fallback, notice: `The period in the address is longer than a year: ${instead}` };
  }
  return { period, notice: null };
}
