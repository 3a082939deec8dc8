import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilters } from '@ovation/shared/schemas/reports';

/**
 * SQL fragments shared by the report repositories (no queries run here): the period bounds,
 * the division/country scope of a member, the division names of a member.
 */

/** [from 00:00, to+1 00:00) in UTC; either end open. */
export function periodBounds(filters: ReportFilters): { from: string | null; to: string | null } {
  const to = filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000).toISOString() : null;
  return { from: filters.from ? `${filters.from}T00:00:00Z` : null, to };
}

/** `column` (a timestamptz) falls in the filtered period. */
export function inPeriod(column: SQL, filters: ReportFilters): SQL {
  const { from, to } = periodBounds(filters);
  return sql`(${from}::timestamptz is null or ${column} >= ${from}::timestamptz)
    and (${to}::timestamptz is null or ${column} < ${to}::timestamptz)`;
}

/** The ids of a division and every division below it. */
function divisionSubtree(id: number): SQL {
  return sql`(with recursive sub as (
      select d.id from divisions d where d.id = ${id}
      union all select d.id from divisions d join sub on d.parent_id = sub.id
    ) select id from sub)`;
}

/** The member alias `m` is in the chosen divisions (any of levels 1–3) and country. */
export function memberScope(m: string, filters: ReportFilters): SQL {
  const parts: SQL[] = [sql`true`];
  const col = sql.raw(`${m}.division_id`);
  for (const id of [filters.division1, filters.division2, filters.division3]) {
    if (id !== undefined) parts.push(sql`${col} in ${divisionSubtree(id)}`);
  }
  if (filters.country) parts.push(sql`lower(${sql.raw(`${m}.country`)}) = lower(${filters.country})`);
  return sql.join(parts, sql` and `);
}

/** Joins the member alias `m`'s division and its two parents as `<m>_d3`, `<m>_d2`, `<m>_d1`. */
export function divisionJoins(m: string): SQL {
  return sql.raw(`left join divisions ${m}_d3 on ${m}_d3.id = ${m}.division_id
    left join divisions ${m}_d2 on ${m}_d2.id = ${m}_d3.parent_id
    left join divisions ${m}_d1 on ${m}_d1.id = ${m}_d2.parent_id`);
}

/** The top-level division's name for a member joined with divisionJoins(m). */
export const topDivision = (m: string) => sql.raw(`coalesce(${m}_d1.name, ${m}_d2.name, ${m}_d3.name)`);
export const ownDivision = (m: string) => sql.raw(`${m}_d3.name`);
export const fullName = (m: string) => sql.raw(`(${m}.first_name || ' ' || ${m}.surname)`);
