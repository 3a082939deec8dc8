import { sql } from 'drizzle-orm';
import { FEWER_THAN_K, K_ANONYMITY_MIN } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { SqlReportQuery } from './report-definition.ts';
import { utcToday } from '../../lib/utc-dates.ts';

const sum = (key: string) => sql.raw(`coalesce(sum(r."${key}"), 0)`);

/**
 * Check-ins per day and mood for the whole firm (decision 0076): only days that have ended (UTC),
 * so two readings of today cannot be subtracted, and a day's figures only when at least K members
 * checked in. No division or country filter: one whole-firm figure a day cannot be narrowed to a
 * few members by difference (the weekly analysis breaks moods down by division safely). Totals
 * add up the shown days only.
 *
 * The weekly analysis publishes the firm's whole week, so a week minus its shown days gives its
 * hidden days together (decision 0093). When those hold 1 to K-1 members, the week's smallest
 * shown day is hidden too: it alone has K members, so what a difference can reach is then at
 * least K members. Decided per whole ISO week, whatever the period asked, so two periods cannot
 * split a week either.
 */
export const dailyCheckInQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'day',
  base: (f) => {
    const from = f.from ?? null;
    const to = f.to ?? null;
    const shown = (expr: string) => sql.raw(`case when d.shown then ${expr} end`);
    return sql`with days as (
      select c.day, count(*)::int as n,
        (count(*) filter (where c.value = 1))::int as happy,
        (count(*) filter (where c.value = 2))::int as okay,
        (count(*) filter (where c.value = 3))::int as unhappy,
        round(avg(c.value), 2)::float8 as "averageMood"
      from mood_checkins c
      where (${from}::date is null or c.day >= date_trunc('week', ${from}::date)::date)
        and (${to}::date is null or c.day <= date_trunc('week', ${to}::date)::date + 6)
        and c.day < ${utcToday()}::date
      group by c.day
    ), few as (
      select date_trunc('week', c.day) as week, count(distinct c.member_id) as members
      from mood_checkins c join days s on s.day = c.day and s.n < ${K_ANONYMITY_MIN}
      group by 1
    ), also_hidden as (
      select distinct on (date_trunc('week', s.day)) s.day
      from days s join few on few.week = date_trunc('week', s.day) and few.members < ${K_ANONYMITY_MIN}
      where s.n >= ${K_ANONYMITY_MIN}
      order by date_trunc('week', s.day), s.n, s.day
    )
    select d.day::text as "day", ${shown('d.n')}::int as "checkIns", ${shown('d.happy')}::int as "happy",
      ${shown('d.okay')}::int as "okay", ${shown('d.unhappy')}::int as "unhappy",
      ${shown('d."averageMood"')}::float8 as "averageMood",
      case when d.shown then '' else ${FEWER_THAN_K} end as "privacy"
    from (
      select s.*, s.n >= ${K_ANONYMITY_MIN} and s.day not in (select day from also_hidden) as shown
      from days s
      where (${from}::date is null or s.day >= ${from}::date) and (${to}::date is null or s.day <= ${to}::date)
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
