import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { awayBetween, MISSED_DAYS } from '../../core/members/missed.repository.ts';
import { addDays } from '../../lib/utc-dates.ts';
import { K_ANONYMITY_MIN } from '@ovation/shared/schemas/reports';
import { divisionJoins, topDivision } from './report-sql.repository.ts';

/**
 * Recognition deserts by top-level division (issue 41): of each division's active members (new
 * starters and members on leave left out), how many received nothing in the MISSED_DAYS (30) days to `toDay`, the window of a manager's list, read from the daily
 * member rollup. A division of fewer than K_ANONYMITY_MIN members is never named.
 */
export async function missedByDivision(db: Db, toDay: string) {
  const windowFrom = addDays(toDay, -(MISSED_DAYS - 1));
  const startedBy = addDays(toDay, -MISSED_DAYS);
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with scope as (
        select m.id, coalesce(m_d1.id, m_d2.id, m_d3.id) as division_id, ${topDivision('m')} as division
        from members m ${divisionJoins('m')}
        where m.active and (m.start_date is null or m.start_date <= ${startedBy}::date)
          and not ${awayBetween(sql`m.id`, sql`${windowFrom}::date`, sql`${toDay}::date`)})
      select s.division_id as "divisionId", s.division as "division", count(*)::int as "members",
        count(*) filter (where not exists (select 1 from report_member_days x
          where x.member_id = s.id and x.received > 0
            and x.day >= ${windowFrom}::date and x.day <= ${toDay}::date))::int as "missed"
      from scope s
      where s.division_id is not null
      group by s.division_id, s.division
      having count(*) >= ${K_ANONYMITY_MIN}
      order by "missed" desc, s.division`,
  );
  return rows.map((r) => ({
    divisionId: Number(r.divisionId),
    division: String(r.division),
    members: Number(r.members),
    missed: Number(r.missed),
  }));
}
