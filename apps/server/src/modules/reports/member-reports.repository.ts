import { sql } from 'drizzle-orm';
import type { ReportFilters } from '@ovation/shared/schemas/reports';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { celebrationsHidden } from '../../core/members/preferences.repository.ts';
import type { SqlReportQuery } from './report-definition.ts';
import { divisionJoins, fullName, memberScope, ownDivision, topDivision } from './report-sql.repository.ts';
import { isRegistered, registeredAt } from '../../core/members/registered.ts';

export const registrationsQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'memberId',
  search: ['member', 'employeeNumber', 'email'],
  base: (f) => sql`select m.id as "memberId", ${fullName('m')} as "member", m.employee_number as "employeeNumber",
      m.email as "email", ${topDivision('m')} as "division1", m_d2.name as "division2", ${ownDivision('m')} as "division",
      m.country as "country", case when ${isRegistered('m')} then 'Yes' else 'No' end as "registered",
      ${registeredAt('m')} as "registeredAt"
    from members m ${divisionJoins('m')}
    where m.active and ${memberScope('m', f)}`,
  totals: {
    members: sql`count(*)`,
    registeredCount: sql`count(r."registeredAt")`,
    notRegistered: sql`count(*) - count(r."registeredAt")`,
    registrationRate: sql`round(100.0 * count(r."registeredAt") / nullif(count(*), 0), 1)::float8`,
  },
};

export const memberDatabaseQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'memberId',
  // "First Surname" finds the member too (fullName, searched but not a column of the report).
  search: ['employeeNumber', 'fullName', 'email', 'cellNum'],
  base: (
    f,
  ) => sql`select m.id as "memberId", ${fullName('m')} as "fullName", m.employee_number as "employeeNumber", m.first_name as "firstName",
      m.surname as "surname", m.email as "email", m.cell_num as "cellNum", m.birth_date::text as "birthDate",
      m.start_date::text as "startDate", ${topDivision('m')} as "division1", m_d2.name as "division2",
      ${ownDivision('m')} as "division", m.country as "country", m.unit as "unit", ${fullName('mg')} as "manager",
      case when m.is_manager then 'Yes' else 'No' end as "isManager",
      case when m.is_admin_reports then 'Yes' else 'No' end as "isAdminReports", m.roles as "roles",
      case when m.active then 'Yes' else 'No' end as "active",
      case when m.directory_managed_at is not null then 'Directory (SCIM)' else 'Uploads' end as "source",
      case when ${isRegistered('m')} then 'Yes' else 'No' end as "registered"
    from members m ${divisionJoins('m')}
    left join members mg on mg.id = m.manager_id
    where ${memberScope('m', f)}`,
};

/** The period a birthdays report covers when none is given: the current UTC month. */
export function birthdayPeriod(filters: ReportFilters, now = new Date()): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth();
  const from = filters.from ?? new Date(Date.UTC(y, mo, 1)).toISOString().slice(0, 10);
  const to = filters.to ?? new Date(Date.UTC(y, mo + 1, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/** Birthdays and work anniversaries (a year or more) of active members falling on a day of the period. */
/** Birthdays and work anniversaries in the period; members who hid theirs (POPIA) are left out. */
export const birthdaysQuery: SqlReportQuery = {
  kind: 'sql',
  tiebreak: 'rowKey',
  search: ['member', 'employeeNumber'],
  base: (f) => {
    const { from, to } = birthdayPeriod(f);
    return sql`select m.id || '-' || ev.kind || '-' || d.day::date::text as "rowKey", d.day::date::text as "date",
        ev.label as "occasion", ${fullName('m')} as "member", m.employee_number as "employeeNumber",
        ${topDivision('m')} as "division1", ${ownDivision('m')} as "division", m.country as "country",
        case when ev.kind = 'anniversary' then extract(year from d.day)::int - extract(year from m.start_date)::int end as "years"
      from generate_series(${from}::date, ${to}::date, interval '1 day') d(day)
      cross join (values ('birthday', 'Birthday'), ('anniversary', 'Work anniversary')) ev(kind, label)
      join members m on m.active and (
        (ev.kind = 'birthday' and extract(month from m.birth_date) = extract(month from d.day)
          and extract(day from m.birth_date) = extract(day from d.day))
        or (ev.kind = 'anniversary' and extract(month from m.start_date) = extract(month from d.day)
          and extract(day from m.start_date) = extract(day from d.day)
          and extract(year from d.day) > extract(year from m.start_date)))
      ${divisionJoins('m')}
      where ${memberScope('m', f)}
        and not ${celebrationsHidden(sql`m.id`)}`;
  },
  totals: {
    birthdays: sql`count(*) filter (where r."occasion" = 'Birthday')`,
    anniversaries: sql`count(*) filter (where r."occasion" = 'Work anniversary')`,
  },
};

export async function listCountries(db: Db): Promise<string[]> {
  const rows = await queryRows<{ country: string }>(db, sql`select distinct country from members order by country`);
  return rows.map((r) => r.country);
}
