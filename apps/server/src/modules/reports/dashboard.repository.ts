import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows as plainRows } from '../../db/sql-rows.ts';
import { addDays } from '../../lib/utc-dates.ts';
import { MIN_EACH_WAY, type PairCount } from './equity.ts';
import { flushReportRollups } from './rollup-flush.ts';

/**
 * The dashboard's figures over the UTC days [fromDay, toDay], read from the roll-ups (docs/decisions/0030,
 * 0045; kept from the kudos and ledger triggers' queue, 0051) instead of scanning the period's
 * kudos and ledger entries. Each answer equals the scan it replaces (test/reports-dashboard-answers).
 */

export interface DashboardPeriod {
  fromDay: string;
  toDay: string;
}

export interface MemberActivity {
  id: number;
  divisionId: number | null;
  received: number;
  given: number;
}

export interface DivisionActivity {
  divisionId: number | null;
  division: string;
  given: number;
  received: number;
}

/** Where the dashboard's figures come from: the roll-ups here, or (in tests) the scans they replace. */
export interface DashboardSource {
  /** Brings the source up to date with everything committed (the roll-ups' queue: decision 0051). */
  catchUp?(db: Db): Promise<unknown>;
  recognitionsByWeek(db: Db, p: DashboardPeriod): Promise<{ week: string; kind: string; count: number }[]>;
  recognitionsByBehaviour(db: Db, p: DashboardPeriod): Promise<{ behaviour: string; count: number }[]>;
  /** Per active member, and per top-level division (all members), kudos given and received. */
  memberFigures(db: Db, p: DashboardPeriod): Promise<{ activity: MemberActivity[]; divisions: DivisionActivity[] }>;
  pointFigures(db: Db, p: DashboardPeriod): Promise<{ issued: number; given: number; redeemed: number; won: number }>;
  recognitionDeserts(
    db: Db,
    p: DashboardPeriod,
  ): Promise<{ divisionId: number; division: string; members: number; lastRecognised: string | null }[]>;
  /** Pairs that may be reciprocal: at least MIN_EACH_WAY each way in the period among those returned. */
  mutualPairs(db: Db, p: DashboardPeriod): Promise<PairCount[]>;
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * Rows of one dashboard query with PostgreSQL's JIT compilation off (decision 0045): the
 * planner's estimates for these small roll-up reads pass its JIT threshold, and compiling took
 * longer than running them (about 100–300 ms of CPU per query on the bench database).
 */
function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return plainRows<T>(tx, query);
  });
}

/**
 * A member's running totals through `day` (a date parameter), as columns `given` and `received`
 * of the lateral `alias`: from the member's all-time row when the day is on or after its last
 * day, zero before its first, and otherwise from the latest day row up to it (one index probe).
 */
function totalsAt(day: string, alias: string): { join: SQL; given: SQL; received: SQL } {
  const a = sql.raw(alias);
  return {
    join: sql`left join lateral (select x.given_total, x.received_total from report_member_days x
        where ${day}::date >= t.first_day and ${day}::date < t.last_day
          and x.member_id = t.member_id and x.day <= ${day}::date
        order by x.day desc limit 1) ${a} on true`,
    given: sql`case when ${day}::date >= t.last_day then t.given when ${day}::date < t.first_day then 0
        else ${a}.given_total end`,
    received: sql`case when ${day}::date >= t.last_day then t.received when ${day}::date < t.first_day then 0
        else ${a}.received_total end`,
  };
}

/**
 * Given and received per member in the period: the totals at its end minus those the day before
 * it. Members whose totals both ends give directly are read in one plain pass; only the others
 * (a period end between a member's first and last day) probe their day rows.
 */
function perMember(p: DashboardPeriod): SQL {
  const endDay = p.toDay;
  const startDay = addDays(p.fromDay, -1);
  const end = totalsAt(endDay, 'te');
  const start = totalsAt(startDay, 'ts');
  const direct = (day: string) => sql`(${day}::date >= t.last_day or ${day}::date < t.first_day)`;
  return sql`select t.member_id, (${end.given}) - (${start.given}) as given,
      (${end.received}) - (${start.received}) as received
    from report_member_totals t
    cross join (select null::int as given_total, null::int as received_total) te
    cross join (select null::int as given_total, null::int as received_total) ts
    where ${direct(endDay)} and ${direct(startDay)}
    union all
    select t.member_id, (${end.given}) - (${start.given}) as given,
      (${end.received}) - (${start.received}) as received
    from report_member_totals t ${end.join} ${start.join}
    where not (${direct(endDay)} and ${direct(startDay)})`;
}

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

/**
 * One pass: the per-member sums, then every active member's row and every top-level division's
 * totals (over all members, in their current division) as rows of one answer.
 */
async function memberFigures(db: Db, p: DashboardPeriod) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with pm as materialized (${perMember(p)}),
      a as materialized (select m.id, m.active, m.division_id,
          coalesce(d1.id, d2.id, d3.id) as top_id, coalesce(d1.name, d2.name, d3.name, 'No division') as top_name,
          coalesce(pm.given, 0) as given, coalesce(pm.received, 0) as received
        from members m left join divisions d3 on d3.id = m.division_id
        left join divisions d2 on d2.id = d3.parent_id left join divisions d1 on d1.id = d2.parent_id
        left join pm on pm.member_id = m.id)
      select 0 as ord, id, division_id as "divisionId", null as name, given, received from a where active
      union all
      select row_number() over (order by top_name) as ord, top_id, null, top_name, sum(given), sum(received)
        from a group by top_id, top_name`,
  );
  const activity: MemberActivity[] = [];
  const divisions: (DivisionActivity & { ord: number })[] = [];
  for (const r of rows) {
    const ord = num(r.ord);
    if (ord === 0) {
      activity.push({
        id: num(r.id),
        divisionId: r.divisionId === null ? null : num(r.divisionId),
        received: num(r.received),
        given: num(r.given),
      });
    } else {
      divisions.push({
        ord,
        divisionId: r.id === null ? null : num(r.id),
        division: String(r.name),
        given: num(r.given),
        received: num(r.received),
      });
    }
  }
  divisions.sort((x, y) => x.ord - y.ord);
  return { activity, divisions: divisions.map(({ ord: _ord, ...d }) => d) };
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
