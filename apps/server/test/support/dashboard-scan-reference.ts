import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/db.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import type { DashboardPeriod, DashboardSource } from '../../src/modules/reports/dashboard-source.ts';

/**
 * The dashboard's figures as they were computed before the roll-ups (decision 0030): scans of
 * the period's kudos and ledger entries over [from, to) (UTC instants). Kept here, unchanged, as
 * the reference the roll-up answers must equal.
 */

export async function recognitionsByWeek(db: Db, from: string, to: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select date_trunc('week', k.created_at at time zone 'UTC')::date::text as week, k.kind, count(*) as n
      from kudos k where k.created_at >= ${from}::timestamptz and k.created_at < ${to}::timestamptz
      group by 1, 2 order by 1`,
  );
  return rows.map((r) => ({ week: String(r.week), kind: String(r.kind), count: Number(r.n) }));
}

export async function recognitionsByBehaviour(db: Db, from: string, to: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select b.name as behaviour, count(*) as n from kudos k join behaviours b on b.id = k.behaviour_id
      where k.kind = 'recognition' and k.created_at >= ${from}::timestamptz and k.created_at < ${to}::timestamptz
      group by b.name order by n desc, b.name limit 20`,
  );
  return rows.map((r) => ({ behaviour: String(r.behaviour), count: Number(r.n) }));
}

/** The top-level division (level 1) of every member. */
const memberTop = sql`(select m.id as member_id, m.active, coalesce(d1.id, d2.id, d3.id) as top_id,
    coalesce(d1.name, d2.name, d3.name, 'No division') as top_name, m.division_id
  from members m left join divisions d3 on d3.id = m.division_id
  left join divisions d2 on d2.id = d3.parent_id left join divisions d1 on d1.id = d2.parent_id)`;

const perMember = (from: string, to: string) => sql`
  given as (select from_member_id as id, count(*) as n from kudos
    where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz group by 1),
  received as (select to_member_id as id, count(*) as n from kudos
    where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz group by 1)`;

export async function recognitionsByDivision(db: Db, from: string, to: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${perMember(from, to)}, mt as ${memberTop}
      select mt.top_id as "divisionId", mt.top_name as division,
        coalesce(sum(g.n), 0) as given, coalesce(sum(r.n), 0) as received
      from mt left join given g on g.id = mt.member_id left join received r on r.id = mt.member_id
      group by mt.top_id, mt.top_name order by mt.top_name`,
  );
  return rows.map((r) => ({
    divisionId: r.divisionId === null ? null : Number(r.divisionId),
    division: String(r.division),
    given: Number(r.given),
    received: Number(r.received),
  }));
}

/** Per active member: kudos received and given in the period, with their own division. */
export async function memberActivity(db: Db, from: string, to: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${perMember(from, to)}
      select m.id, m.division_id as "divisionId", coalesce(r.n, 0) as received, coalesce(g.n, 0) as given
      from members m left join given g on g.id = m.id left join received r on r.id = m.id
      where m.active`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    divisionId: r.divisionId === null ? null : Number(r.divisionId),
    received: Number(r.received),
    given: Number(r.given),
  }));
}

/**
 * Points created (issuance, less reversals), given (recognitions and Pay It Forward), redeemed
 * (less refunds) and won by the game.
 */
export async function pointFigures(db: Db, from: string, to: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select
        coalesce(-sum(e.amount) filter (where a.member_id is null and a.kind = 'issuance'), 0) as issued,
        coalesce(sum(e.amount) filter (where a.member_id is not null and a.kind = 'points' and e.amount > 0
          and t.kind in ('recognition', 'payitforward')), 0) as given,
        coalesce(sum(e.amount) filter (where a.member_id is null and a.kind = 'redemptions'), 0) as redeemed,
        coalesce(-sum(e.amount) filter (where a.member_id is null and a.kind = 'game_prizes' and e.amount < 0), 0) as won
      from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      join ledger_accounts a on a.id = e.account_id
      where e.created_at >= ${from}::timestamptz and e.created_at < ${to}::timestamptz`,
  );
  return {
    issued: Number(row?.issued ?? 0),
    given: Number(row?.given ?? 0),
    redeemed: Number(row?.redeemed ?? 0),
    won: Number(row?.won ?? 0),
  };
}

/** Teams (divisions with members) where nobody received kudos in the 90 days before `to`: one pass over kudos. */
export async function recognitionDeserts(db: Db, to: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with last as (
        select r.division_id, max(k.created_at) as at
        from kudos k join members r on r.id = k.to_member_id
        where k.created_at < ${to}::timestamptz
        group by r.division_id),
      teams as (select m.division_id, count(*) as members from members m
        where m.active and m.division_id is not null group by m.division_id)
      select d.id as "divisionId", d.name as division, teams.members, last.at as "lastRecognised"
      from teams join divisions d on d.id = teams.division_id
      left join last on last.division_id = teams.division_id
      where last.at is null or last.at < ${to}::timestamptz - interval '90 days'
      order by d.name`,
  );
  return rows.map((r) => ({
    divisionId: Number(r.divisionId),
    division: String(r.division),
    members: Number(r.members),
    lastRecognised: r.lastRecognised ? new Date(r.lastRecognised as string).toISOString() : null,
  }));
}

/** Every pair that recognised each other both ways in the period, with what each gave in all. */
export async function mutualPairs(db: Db, from: string, to: string) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with k as (select from_member_id f, to_member_id t from kudos
          where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz and from_member_id <> to_member_id),
        p as (select f, t, count(*) n from k group by f, t),
        gave as (select f, count(*) n from k group by f)
      select ab.f as a, ab.t as b, ab.n as "aToB", ba.n as "bToA", ga.n as "aGave", gb.n as "bGave",
        ma.first_name || ' ' || ma.surname as "aName", mb.first_name || ' ' || mb.surname as "bName"
      from p ab join p ba on ba.f = ab.t and ba.t = ab.f and ab.f < ab.t
      join gave ga on ga.f = ab.f join gave gb on gb.f = ab.t
      join members ma on ma.id = ab.f join members mb on mb.id = ab.t`,
  );
  return rows.map((r) => ({
    a: Number(r.a),
    b: Number(r.b),
    aName: String(r.aName),
    bName: String(r.bName),
    aToB: Number(r.aToB),
    bToA: Number(r.bToA),
    aGave: Number(r.aGave),
    bGave: Number(r.bGave),
  }));
}

const bounds = (p: DashboardPeriod) => ({
  from: `${p.fromDay}T00:00:00Z`,
  to: new Date(Date.parse(`${p.toDay}T00:00:00Z`) + 86_400_000).toISOString(),
});

export const scanDashboardSource: DashboardSource = {
  recognitionsByWeek: (db, p) => recognitionsByWeek(db, bounds(p).from, bounds(p).to),
  recognitionsByBehaviour: (db, p) => recognitionsByBehaviour(db, bounds(p).from, bounds(p).to),
  memberFigures: async (db, p) => {
    const { from, to } = bounds(p);
    const [activity, divisions] = await Promise.all([
      memberActivity(db, from, to),
      recognitionsByDivision(db, from, to),
    ]);
    return { activity, divisions };
  },
  pointFigures: (db, p) => pointFigures(db, bounds(p).from, bounds(p).to),
  recognitionDeserts: (db, p) => recognitionDeserts(db, bounds(p).to),
  mutualPairs: (db, p) => mutualPairs(db, bounds(p).from, bounds(p).to),
};
