import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { addDays } from '../../lib/utc-dates.ts';
import { num, queryRows } from './dashboard-rows.ts';
import type { DashboardPeriod, DivisionActivity, MemberActivity } from './dashboard-source.ts';

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

/**
 * One pass: the per-member sums, then every active member's row and every top-level division's
 * totals (over all members, in their current division) as rows of one answer.
 */
export async function memberFigures(db: Db, p: DashboardPeriod) {
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
