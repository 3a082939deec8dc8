import { sql } from 'drizzle-orm';
import { HIGH_FIVE_LABEL } from '@ovation/shared/vocabulary';
import type { SqlReportQuery } from './report-definition.ts';
import { divisionJoins, fullName, inPeriod, memberScope, ownDivision } from './report-sql.repository.ts';

const sum = (key: string) => sql.raw(`coalesce(sum(r."${key}"), 0)`);

/** Division and country filters match when either the sender or the recipient is in scope. */
const eitherInScope = (f: Parameters<typeof memberScope>[1]) =>
  f.division1 || f.division2 || f.division3 || f.country
    ? sql`(${memberScope('fm', f)} or ${memberScope('tm', f)})`
    : sql`true`;

export const simplySayQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'id',
  search: ['from', 'to', 'label', 'message'],
  base: (f) => sql`select k.id as "id", k.created_at as "createdAt", k.kind as "kind",
      ${fullName('fm')} as "from", ${ownDivision('fm')} as "fromDivision",
      ${fullName('tm')} as "to", ${ownDivision('tm')} as "toDivision",
      coalesce(b.name, ${HIGH_FIVE_LABEL}) as "label", k.points as "points",
      (k.like_count + k.cheer_count + k.support_count) as "reactions",
      k.like_count as "likes", k.cheer_count as "cheers", k.support_count as "supports", k.message as "message"
    from kudos k
    left join members fm on fm.id = k.from_member_id ${divisionJoins('fm')}
    left join members tm on tm.id = k.to_member_id ${divisionJoins('tm')}
    left join behaviours b on b.id = k.behaviour_id
    where k.kind in ('recognition', 'high5') and ${inPeriod(sql`k.created_at`, f)} and ${eitherInScope(f)}`,
  totals: { points: sum('points'), reactions: sum('reactions') },
};

export const payItForwardQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'id',
  search: ['from', 'to', 'message'],
  base: (f) => sql`select k.id as "id", k.created_at as "createdAt",
      ${fullName('fm')} as "from", ${ownDivision('fm')} as "fromDivision",
      ${fullName('tm')} as "to", ${ownDivision('tm')} as "toDivision",
      k.points as "points", k.message as "message"
    from kudos k
    left join members fm on fm.id = k.from_member_id ${divisionJoins('fm')}
    left join members tm on tm.id = k.to_member_id ${divisionJoins('tm')}
    where k.kind = 'payitforward' and ${inPeriod(sql`k.created_at`, f)} and ${eitherInScope(f)}`,
  totals: { points: sum('points') },
};

/** Redemptions: every rewards order with its items, points and status; the total leaves out refunds. */
export const redeemedQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'id',
  search: ['member', 'items', 'status'],
  base: (f) => sql`select o.id as "id", o.placed_at as "createdAt", ${fullName('m')} as "member",
      m.employee_number as "employeeNumber", ${ownDivision('m')} as "division",
      (select string_agg(l.quantity || ' × ' || l.name, ', ' order by l.id) from reward_order_lines l
        where l.order_id = o.id) as "items",
      (select sum(l.quantity)::int from reward_order_lines l where l.order_id = o.id) as "quantity",
      o.total_points as "points", o.status as "status"
    from reward_orders o
    join members m on m.id = o.member_id ${divisionJoins('m')}
    where ${inPeriod(sql`o.placed_at`, f)} and ${memberScope('m', f)}`,
  // Cancelled and refunded orders are listed, with their status, but redeemed nothing.
  totals: {
    pointsRedeemed: sql.raw(`coalesce(sum(r."points") filter (where r."status" not in ('cancelled', 'refunded')), 0)`),
  },
};

/** Game plays: every draw of the Game Board, with the prize won. */
export const gamePlaysQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'id',
  search: ['member', 'prize'],
  base: (f) => sql`select g.id as "id", g.created_at as "createdAt", ${fullName('m')} as "member",
      m.employee_number as "employeeNumber", ${ownDivision('m')} as "division",
      g.prize_label as "prize", g.prize_points::bigint as "pointsWon"
    from game_draws g
    join members m on m.id = g.member_id ${divisionJoins('m')}
    where ${inPeriod(sql`g.created_at`, f)} and ${memberScope('m', f)}`,
  totals: { pointsWon: sum('pointsWon') },
};
