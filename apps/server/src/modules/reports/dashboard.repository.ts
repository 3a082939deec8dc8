import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { addDays } from '../../lib/utc-dates.ts';
import { memberFigures } from './dashboard-members.repository.ts';
import { num, queryRows } from './dashboard-rows.ts';
import type { DashboardPeriod, DashboardSource } from './dashboard-source.ts';
import { MIN_EACH_WAY } from './equity.ts';
import { flushReportRollups } from './rollup-flush.ts';

/**
 * The dashboard's figures over the UTC days [fromDay, toDay], read from the roll-ups (docs/decisions/0030,
 * 0045; kept from the kudos and ledger triggers' queue, 0051) instead of scanning the period's
 * kudos and ledger entries. Each answer equals the scan it replaces (test/reports-dashboard-answers).
 * The per-member figures, from each member's running totals, are in dashboard-members.repository.ts.
 */

async function recognitionsByWeek(db: Db, p: DashboardPeriod) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select date_trunc('week', day)::date::text as week, kind, sum(n) as n from report_kudos_days
      where day >= ${p.fromDay}::date and day <= ${p.toDay}::date group by 1, 2 order by 1`,
  );
  return rows.map((r) => ({ week: String(r.week), kind: String(r.kind), count: num(r.n) }));
}

async function recognitionsByBehaviour(db: Db, p: DashboardPeriod) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select b.name as behaviour, sum(r.n) as n from report_kudos_days r join behaviours b on b.id = r.behaviour_id
      where r.kind = 'recognition' and r.day >= ${p.fromDay}::date and r.day <= ${p.toDay}::date
      group by b.name order by n desc, b.name limit 20`,
  );
  return rows.map((r) => ({ behaviour: String(r.behaviour), count: num(r.n) }));
}

async function pointFigures(db: Db, p: DashboardPeriod) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select figure, sum(amount) as amount from report_point_days
      where day >= ${p.fromDay}::date and day <= ${p.toDay}::date group by figure`,
  );
  const by = Object.fromEntries(rows.map((r) => [String(r.figure), num(r.amount)]));
  return { issued: by.issued ?? 0, given: by.given ?? 0, redeemed: by.redeemed ?? 0, won: by.won ?? 0 };
}

/**
 * Teams (divisions with active members) where no member received kudos in the 90 days up to
 * toDay: a team with one recognised member in that window stops at its first index probe.
 */
async function recognitionDeserts(db: Db, p: DashboardPeriod) {
  const windowFrom = addDays(p.toDay, -89);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with teams as (select m.division_id, count(*) as members from members m
        where m.active and m.division_id is not null group by m.division_id)
      select d.id as "divisionId", d.name as division, teams.members,
        (select max((select x.last_received_at from report_member_days x
            where x.member_id = mm.id and x.day < ${windowFrom}::date and x.received > 0
            order by x.day desc limit 1))
          from members mm where mm.division_id = teams.division_id) as "lastRecognised"
      from teams join divisions d on d.id = teams.division_id
      where not exists (select 1 from members mm join report_member_days x on x.member_id = mm.id
        where mm.division_id = teams.division_id and x.received > 0
          and x.day >= ${windowFrom}::date and x.day <= ${p.toDay}::date)
      order by d.name`,
  );
  return rows.map((r) => ({
    divisionId: num(r.divisionId),
    division: String(r.division),
    members: num(r.members),
    lastRecognised: r.lastRecognised ? new Date(r.lastRecognised as string).toISOString() : null,
  }));
}

/**
 * Pairs that sent each other at least MIN_EACH_WAY kudos ever (the partial index holds only
 * those), then their exact counts in the period from the kudos indexes by sender.
 */
async function mutualPairs(db: Db, p: DashboardPeriod) {
  const from = `${p.fromDay}T00:00:00Z`;
  const to = `${addDays(p.toDay, 1)}T00:00:00Z`;
  const inPeriod = sql`k.created_at >= ${from}::timestamptz and k.created_at < ${to}::timestamptz`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with c as (select ab.from_member_id as a, ab.to_member_id as b
        from report_kudos_pairs ab join report_kudos_pairs ba
          on ba.from_member_id = ab.to_member_id and ba.to_member_id = ab.from_member_id and ba.n >= ${MIN_EACH_WAY}
        where ab.n >= ${MIN_EACH_WAY} and ab.from_member_id < ab.to_member_id)
      select c.a, c.b,
        (select count(*) from kudos k where k.from_member_id = c.a and k.to_member_id = c.b and ${inPeriod}) as "aToB",
        (select count(*) from kudos k where k.from_member_id = c.b and k.to_member_id = c.a and ${inPeriod}) as "bToA",
        (select count(*) from kudos k where k.from_member_id = c.a and k.to_member_id <> c.a and ${inPeriod}) as "aGave",
        (select count(*) from kudos k where k.from_member_id = c.b and k.to_member_id <> c.b and ${inPeriod}) as "bGave",
        ma.first_name || ' ' || ma.surname as "aName", mb.first_name || ' ' || mb.surname as "bName"
      from c join members ma on ma.id = c.a join members mb on mb.id = c.b`,
  );
  return rows.map((r) => ({
    a: num(r.a),
    b: num(r.b),
    aName: String(r.aName),
    bName: String(r.bName),
    aToB: num(r.aToB),
    bToA: num(r.bToA),
    aGave: num(r.aGave),
    bGave: num(r.bGave),
  }));
}

export const rollupDashboardSource: DashboardSource = {
  catchUp: (db) => flushReportRollups(db),
  recognitionsByWeek,
  recognitionsByBehaviour,
  memberFigures,
  pointFigures,
  recognitionDeserts,
  mutualPairs,
};
