import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

/** How far back "missed" looks: no recognition of any kind in this many days (issue 41). */
export const MISSED_DAYS = 30;

/**
 * SQL: the member (an id expression) was away for some of the days `fromDay` to `toDay` — a break
 * in service recorded over them (unpaid or parental leave, decision 0108) — so a quiet month is
 * not a missed one.
 */
export const awayBetween = (memberId: SQL, fromDay: SQL, toDay: SQL) =>
  sql`exists (select 1 from service_breaks b where b.member_id = ${memberId}
    and b.ends_on >= ${fromDay} and b.starts_on <= ${toDay})`;

export interface MissedMember {
  memberId: number;
  name: string;
  division: string | null;
  /** When they last received anything (kudos of any kind, an award), or null if never. */
  lastRecognisedAt: string | null;
}

/**
 * A manager's direct reports who have received no recognition of any kind — recognition, High
 * Five, Pay It Forward, an award — in the last MISSED_DAYS days, longest-missed first. New
 * starters (with the firm fewer than MISSED_DAYS days), members on leave (a break in service
 * recorded over any of those days) and leavers are left out. Read by the
 * management statement and the weekly digest; `kudos_to_member_idx` answers each member's last
 * item from the newest end.
 */
export async function findMissedTeamMembers(db: Db, managerId: number, now = new Date()): Promise<MissedMember[]> {
  const since = new Date(now.getTime() - MISSED_DAYS * 86_400_000);
  const rows = await queryRows<{ memberId: number; name: string; division: string | null; last: unknown }>(
    db,
    sql`select m.id as "memberId", m.first_name || ' ' || m.surname as "name", d.name as "division", last.at as "last"
      from members m
      left join divisions d on d.id = m.division_id
      left join lateral (select k.created_at as at from kudos k where k.to_member_id = m.id
        order by k.id desc limit 1) last on true
      where m.manager_id = ${managerId} and m.id <> ${managerId} and m.active
        and (m.start_date is null or m.start_date <= (${since.toISOString()}::timestamptz)::date)
        and (last.at is null or last.at < ${since.toISOString()}::timestamptz)
        and not ${awayBetween(sql`m.id`, sql`(${since.toISOString()}::timestamptz)::date`, sql`(${now.toISOString()}::timestamptz)::date`)}
      order by last.at asc nulls first, m.surname, m.first_name, m.id`,
  );
  return rows.map((r) => ({
    memberId: Number(r.memberId),
    name: r.name,
    division: r.division,
    lastRecognisedAt: r.last ? new Date(r.last as string).toISOString() : null,
  }));
}
