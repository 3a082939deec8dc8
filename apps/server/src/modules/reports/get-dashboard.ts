import type { DashboardQuery, DashboardResponse } from '@ovation/shared/schemas/reports';
import { isIsoDate } from '@ovation/shared/iso-date';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { addDays, daysBetween, utcToday } from '../../lib/utc-dates.ts';
import { awardFigures } from './award-reports.repository.ts';
import { missedByDivision } from './missed-by-division.repository.ts';
import { publishedMoodWeeks } from './checkin-analysis.ts';
import { rollupDashboardSource } from './dashboard.repository.ts';
import type { DashboardSource } from './dashboard-source.ts';
import { gini, reciprocalPairs } from './equity.ts';

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

/** GET /api/reports/dashboard: the period's charts, participation, points, mood and recognition equity. */
export async function getDashboard(
  db: Db,
  query: DashboardQuery,
  today = utcToday(),
  source: DashboardSource = rollupDashboardSource,
): Promise<DashboardResponse> {
  const toDay = query.to ?? today;
  if (!isIsoDate(toDay)) throw fieldError('to', 'Choose a valid date');
  const fromDay = query.from ?? addDays(toDay, -89);
  for (const [key, value] of [
    ['from', fromDay],
    ['to', toDay],
  ] as const) {
    if (!isIsoDate(value)) throw fieldError(key, 'Choose a valid date');
  }
  if (toDay < fromDay) throw fieldError('to', 'The end date must be on or after the start date');
  if (daysBetween(fromDay, toDay) > 366) throw fieldError('from', 'Choose a period of at most a year');
  const period = { fromDay, toDay };
  await source.catchUp?.(db);

  const [weeks, behaviours, { activity, divisions }, points, deserts, pairs, mood, awards, missed] = await Promise.all([
    source.recognitionsByWeek(db, period),
    source.recognitionsByBehaviour(db, period),
    source.memberFigures(db, period),
    source.pointFigures(db, period),
    source.recognitionDeserts(db, period),
    source.mutualPairs(db, period),
    publishedMoodWeeks(db, { from: fromDay, to: toDay }),
    awardFigures(db, period),
    missedByDivision(db, toDay),
  ]);

  const byWeek = new Map<string, { week: string; recognition: number; high5: number; payitforward: number }>();
  for (const w of weeks) {
    const entry = byWeek.get(w.week) ?? { week: w.week, recognition: 0, high5: 0, payitforward: 0 };
    if (w.kind === 'recognition' || w.kind === 'high5' || w.kind === 'payitforward') entry[w.kind] += w.count;
    byWeek.set(w.week, entry);
  }

  const gave = activity.filter((m) => m.given > 0).length;
  const received = activity.filter((m) => m.received > 0).length;

  // Concentration over teams: recognitions received per member of each team.
  const teams = new Map<number, { members: number; received: number }>();
  for (const m of activity) {
    if (m.divisionId === null) continue;
    const team = teams.get(m.divisionId) ?? { members: 0, received: 0 };
    team.members += 1;
    team.received += m.received;
    teams.set(m.divisionId, team);
  }

  return {
    from: fromDay,
    to: toDay,
    recognitionsByWeek: [...byWeek.values()],
    byBehaviour: behaviours,
    byDivision: divisions,
    participation: {
      members: activity.length,
      gave,
      received,
      gaveShare: pct(gave, activity.length),
      receivedShare: pct(received, activity.length),
    },
    points,
    awards,
    moodTrend: mood.weeks.map(({ week, groups }) => {
      const firm = groups.get('root')!;
      const c = firm.counts;
      if (!firm.shown || c.checkIns === 0) {
        return {
          week,
          suppressed: c.members > 0,
          members: null,
          average: null,
          happy: null,
          neutral: null,
          unhappy: null,
        };
      }
      return {
        week,
        suppressed: false,
        members: c.members,
        average: Math.round((100 * (c.happy + 2 * c.okay + 3 * c.unhappy)) / c.checkIns) / 100,
        happy: pct(c.happy, c.checkIns),
        neutral: pct(c.okay, c.checkIns),
        unhappy: pct(c.unhappy, c.checkIns),
      };
    }),
    equity: {
      giniMembers: gini(activity.map((m) => m.received)),
      giniDivisions: gini([...teams.values()].map((t) => t.received / t.members)),
      members: activity.length,
      divisions: teams.size,
      deserts,
      missedByDivision: missed,
      reciprocalPairs: reciprocalPairs(pairs).map((p) => ({
        memberA: p.aName,
        memberB: p.bName,
        aToB: p.aToB,
        bToA: p.bToA,
        share: p.share,
      })),
    },
  };
}
