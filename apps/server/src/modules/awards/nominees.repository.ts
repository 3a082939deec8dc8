import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { AwardEligibility } from '../../db/schema/awards.ts';

/** A colleague as a nomination needs them: who they are, where they sit, who their managers are. */
export interface Nominee {
  id: number;
  firstName: string;
  fullName: string;
  email: string | null;
  country: string;
  unit: string;
  /** Their division and every division above it (eligibility by division includes sub-divisions). */
  divisionPath: number[];
  managerId: number | null;
  managersManagerId: number | null;
  thirdManagerId: number | null;
}

type Raw = Record<string, unknown>;
const idOrNull = (value: unknown) => (value == null ? null : Number(value));

/** Active members by id with their managers three levels up and their division's ancestry. */
export async function findNominees(db: Db, ids: number[]): Promise<Map<number, Nominee>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Raw>(
    db,
    sql`
      with recursive up(member_id, division_id) as (
        select m.id, m.division_id from members m
        where m.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int) and m.division_id is not null
        union
        select up.member_id, d.parent_id from up join divisions d on d.id = up.division_id where d.parent_id is not null
      )
      select m.id, m.first_name, m.surname, m.email, m.country, m.unit,
             m1.id as manager_id, m2.id as managers_manager_id, m3.id as third_manager_id,
             coalesce((select array_agg(up.division_id) from up where up.member_id = m.id), '{}') as division_path
      from members m
      left join members m1 on m1.id = m.manager_id and m1.active
      left join members m2 on m2.id = m1.manager_id and m2.active
      left join members m3 on m3.id = m2.manager_id and m3.active
      where m.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int) and m.active`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        firstName: String(r.first_name),
        fullName: `${String(r.first_name)} ${String(r.surname)}`,
        email: r.email == null || r.email === '' ? null : String(r.email),
        country: String(r.country),
        unit: String(r.unit),
        divisionPath: (r.division_path as unknown[]).map(Number),
        managerId: idOrNull(r.manager_id),
        managersManagerId: idOrNull(r.managers_manager_id),
        thirdManagerId: idOrNull(r.third_manager_id),
      },
    ]),
  );
}

/** Whether the programme's eligibility lets this colleague be nominated: every list set must match. */
export function isEligible(eligibility: AwardEligibility, nominee: Nominee): boolean {
  const { countries, divisionIds, units } = eligibility;
  if (countries.length > 0 && !countries.includes(nominee.country)) return false;
  if (units.length > 0 && !units.includes(nominee.unit)) return false;
  if (divisionIds.length > 0 && !nominee.divisionPath.some((id) => divisionIds.includes(id))) return false;
  return true;
}

/**
 * Which of the nominees nominated the nominator in this programme within `days` days: their
 * nominations are flagged to the approvers (a "you nominate me, I nominate you" pair).
 */
export async function reciprocalNominees(
  db: Db,
  programmeId: number,
  nominatorId: number,
  nomineeIds: number[],
  days: number,
): Promise<Set<number>> {
  if (days === 0 || nomineeIds.length === 0) return new Set();
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`select distinct nominator_id as id from award_nominations
        where programme_id = ${programmeId} and nominee_id = ${nominatorId}
          and nominator_id in (select (jsonb_array_elements_text(${JSON.stringify(nomineeIds)}::jsonb))::int)
          and created_at > now() - make_interval(days => ${days}::int)`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
