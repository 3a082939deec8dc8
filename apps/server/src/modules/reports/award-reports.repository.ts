import { sql } from 'drizzle-orm';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { SqlReportQuery } from './report-definition.ts';
import { divisionJoins, fullName, inPeriod, memberScope, ownDivision, topDivision } from './report-sql.repository.ts';

/** The points of the rows in one status, over the row alias `r` (the report's totals). */
const pointsWhen = (status: string) => sql.raw(`coalesce(sum(r."points") filter (where r."status" = '${status}'), 0)`);

/**
 * Award nominations (issue 41): one row per nominee's nomination, in the period it was made,
 * scoped by the nominee's division and country. A pending nomination's points are committed
 * (held from the programme's budget), an approved one's paid, a declined or withdrawn one's
 * released. Hours to decide run from the nomination to its final decision.
 */
export const awardsQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'id',
  search: ['programme', 'member', 'employeeNumber', 'nominator', 'level', 'status'],
  base: (f) => sql`select n.id as "id", n.created_at as "createdAt", p.name as "programme",
      ${fullName('m')} as "member", m.employee_number as "employeeNumber",
      ${topDivision('m')} as "division1", ${ownDivision('m')} as "division", m.country as "country",
      ${fullName('nm')} as "nominator",
      coalesce((select l->>'name' from jsonb_array_elements(p.levels) l where l->>'key' = n.level_key), n.level_key) as "level",
      n.points as "points", n.status as "status", n.decided_at as "decidedAt",
      case when n.decided_at is not null
        then round(extract(epoch from (n.decided_at - n.created_at)) / 3600)::int end as "hoursToDecide"
    from award_nominations n
    join award_programmes p on p.id = n.programme_id
    join members m on m.id = n.nominee_id ${divisionJoins('m')}
    join members nm on nm.id = n.nominator_id
    where ${inPeriod(sql`n.created_at`, f)} and ${memberScope('m', f)}`,
  totals: {
    nominations: sql.raw('count(*)'),
    pointsCommitted: pointsWhen('pending'),
    pointsPaid: pointsWhen('approved'),
    pointsReleased: sql.raw(`coalesce(sum(r."points") filter (where r."status" in ('declined', 'withdrawn')), 0)`),
    averageHoursToDecide: sql.raw(`coalesce(round(avg(r."hoursToDecide")), 0)`),
  },
};

/** The dashboard's awards tile: nominations made in the period (firm days, as the report's period). */
export async function awardFigures(
  db: Db,
  period: { fromDay: string; toDay: string },
): Promise<DashboardResponse['awards']> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*)::int as "nominations",
        count(*) filter (where status = 'pending')::int as "pending",
        count(*) filter (where status = 'approved')::int as "approved",
        count(*) filter (where status in ('declined', 'withdrawn'))::int as "closed",
        coalesce(sum(points) filter (where status = 'pending'), 0)::bigint as "pointsCommitted",
        coalesce(sum(points) filter (where status = 'approved'), 0)::bigint as "pointsPaid",
        round(avg(extract(epoch from (decided_at - created_at)) / 3600)
          filter (where status in ('approved', 'declined')))::int as "averageHoursToDecide"
      from award_nominations n
      where ${inPeriod(sql`n.created_at`, { from: period.fromDay, to: period.toDay })}`,
  );
  const n = (key: string) => Number(row?.[key] ?? 0);
  return {
    nominations: n('nominations'),
    pending: n('pending'),
    approved: n('approved'),
    closed: n('closed'),
    pointsCommitted: n('pointsCommitted'),
    pointsPaid: n('pointsPaid'),
    averageHoursToDecide: row?.averageHoursToDecide == null ? null : Number(row.averageHoursToDecide),
  };
}
