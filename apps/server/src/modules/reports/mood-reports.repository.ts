import { sql } from 'drizzle-orm';
import { FEWER_THAN_K, K_ANONYMITY_MIN, type ReportFilters } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql-rows.ts';
import type { SqlReportQuery } from './report-definition.ts';
import { utcToday } from '../../lib/utc-dates.ts';

const sum = (key: string) => sql.raw(`coalesce(sum(r."${key}"), 0)`);

/** `day` (a date) falls in the filtered period. */
const dayInPeriod = (f: ReportFilters) =>
  sql`(${f.from ?? null}::date is null or c.day >= ${f.from ?? null}::date) and (${f.to ?? null}::date is null or c.day <= ${f.to ?? null}::date)`;

/**
 * Check-ins per day and mood for the whole firm (decision 0076): only days that have ended (UTC),
 * so two readings of today cannot be subtracted, and a day's figures only when at least K members
 * checked in. No division or country filter: one whole-firm figure a day cannot be narrowed to a
 * few members by difference (the weekly analysis breaks moods down by division safely). Totals
 * add up the shown days only.
 */
export const dailyCheckInQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'day',
  base: (f) => {
    const shown = (expr: string) => sql.raw(`case when d."checkIns" >= ${K_ANONYMITY_MIN} then ${expr} end`);
    return sql`select d.day as "day", ${shown('d."checkIns"')}::int as "checkIns", ${shown('d.happy')}::int as "happy",
      ${shown('d.okay')}::int as "okay", ${shown('d.unhappy')}::int as "unhappy",
      ${shown('d."averageMood"')}::float8 as "averageMood",
      case when d."checkIns" >= ${K_ANONYMITY_MIN} then '' else ${FEWER_THAN_K} end as "privacy"
    from (
      select c.day::text as day, count(*)::int as "checkIns",
        (count(*) filter (where c.value = 1))::int as happy,
        (count(*) filter (where c.value = 2))::int as okay,
        (count(*) filter (where c.value = 3))::int as unhappy,
        round(avg(c.value), 2)::float8 as "averageMood"
      from mood_checkins c
      where ${dayInPeriod(f)} and c.day < ${utcToday()}::date
      group by c.day
    ) d`;
  },
  totals: {
    checkIns: sum('checkIns'),
    happy: sum('happy'),
    okay: sum('okay'),
    unhappy: sum('unhappy'),
  },
};

export interface DivisionNode {
  id: number;
  name: string;
  level: number;
  parentId: number | null;
}

export function listDivisions(db: Db) {
  return queryRows<DivisionNode>(
    db,
    sql`select id, name, level::int as level, parent_id as "parentId" from divisions order by level, name, id`,
  );
}

export interface WeekLeafCounts {
  week: string;
  divisionId: number | null;
  members: number;
  checkIns: number;
  happy: number;
  okay: number;
  unhappy: number;
}

/**
 * Check-ins per ISO week (Monday, yyyy-MM-dd) and division, for whole weeks between
 * `fromMonday` and `toSunday`. A member's week counts in the division they were in at their
 * first check-in of that week (stored with the check-in, decision 0078), so each member is in
 * one division a week and distinct members add up across divisions (the k-anonymity roll-up
 * relies on it), and a later move does not change a week already published.
 */
export async function weekLeafCounts(db: Db, fromMonday: string, toSunday: string): Promise<WeekLeafCounts[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select w.week::text as week, w.division_id as "divisionId", count(*) as members,
        sum(w.n) as "checkIns", sum(w.happy) as happy, sum(w.okay) as okay, sum(w.unhappy) as unhappy
      from (
        select date_trunc('week', c.day)::date as week, c.member_id,
          (array_agg(c.division_id order by c.day))[1] as division_id, count(*) as n,
          count(*) filter (where c.value = 1) as happy, count(*) filter (where c.value = 2) as okay,
          count(*) filter (where c.value = 3) as unhappy
        from mood_checkins c
        where c.day >= ${fromMonday}::date and c.day <= ${toSunday}::date
        group by 1, 2
      ) w
      group by 1, 2`,
  );
  return rows.map((r) => ({
    week: String(r.week),
    divisionId: r.divisionId === null ? null : Number(r.divisionId),
    members: Number(r.members),
    checkIns: Number(r.checkIns),
    happy: Number(r.happy),
    okay: Number(r.okay),
    unhappy: Number(r.unhappy),
  }));
}
