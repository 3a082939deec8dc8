import { sql, type SQL } from 'drizzle-orm';
import type { ProvisioningOutcome } from '@ovation/shared/schemas/integrations';
import type { Db } from '../../db/db.ts';
import { provisioningLog } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { ScimMemberRow } from './scim-user.ts';

/** The SCIM service's reads of members and its provisioning log (issue 42). */

const USER_COLUMNS = sql`m.id, m.external_id as "externalId", coalesce(m.directory_user_name, m.email) as "userName",
  m.employee_number as "employeeNumber", m.first_name as "firstName", m.surname, m.email, m.cell_num as "cellNum",
  m.country, m.unit,
  array_remove(array[d1.name, d2.name, d3.name], null) as divisions,
  m.manager_id as "managerId", mg.employee_number as "managerEmployeeNumber",
  mg.first_name || ' ' || mg.surname as "managerName",
  m.start_date::text as "startDate", m.birth_date::text as "birthDate", m.active,
  m.directory_managed_at is not null as "directoryManaged", m.directory_deleted_at is not null as "directoryDeleted",
  m.created_at as "createdAt", m.updated_at as "updatedAt"`;

const USER_JOINS = sql`left join members mg on mg.id = m.manager_id
  left join divisions d3 on d3.id = m.division_id
  left join divisions d2 on d2.id = d3.parent_id
  left join divisions d1 on d1.id = d2.parent_id`;

/** Members the directory may see: all but those it deleted. */
const VISIBLE = sql`m.directory_deleted_at is null`;

/** The user with this id; `includeDeleted` for one the directory deleted (a create brings them back). */
export async function findScimUser(db: Db, id: number, includeDeleted = false): Promise<ScimMemberRow | undefined> {
  const [row] = await queryRows<ScimMemberRow>(
    db,
    sql`select ${USER_COLUMNS} from members m ${USER_JOINS} where m.id = ${id} and (${includeDeleted} or ${VISIBLE})`,
  );
  return row;
}

/** A page of users matching `where`, in id order, and how many match in all. */
export async function findScimUsers(db: Db, where: SQL, startIndex: number, count: number) {
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from members m where ${VISIBLE} and (${where})`,
  );
  const rows =
    count === 0
      ? []
      : await queryRows<ScimMemberRow>(
          db,
          sql`select ${USER_COLUMNS} from members m ${USER_JOINS}
              where ${VISIBLE} and (${where}) order by m.id limit ${count} offset ${startIndex - 1}`,
        );
  return { rows, total: total!.n };
}

/** The users with these ids (those the directory deleted too: a create brings them back). */
export async function findScimUsersById(db: Db, ids: number[]): Promise<Map<number, ScimMemberRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<ScimMemberRow>(
    db,
    sql`select ${USER_COLUMNS} from members m ${USER_JOINS}
        where m.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** A user's identifiers, as a create or a change gives them. */
export interface Identifiers {
  employeeNumber: string;
  userName: string;
  email: string | null;
  externalId: string | null;
}

/** Which identifier a member holds, in the order a refusal names them. */
export type Holds = 'employeeNumber' | 'externalId' | 'userName' | 'email';

/**
 * Who already holds each of these users' identifiers (employee number, externalId, userName or
 * sign-in address): one row per member and identifier held, `i` the user's place in the list,
 * in the order a refusal names them. One statement, each identifier by its unique index.
 */
export async function findHolders(db: Db, users: Identifiers[]) {
  const json = JSON.stringify(
    users.map((u, i) => ({
      i,
      e: u.employeeNumber,
      u: u.userName.toLowerCase(),
      m: u.email?.toLowerCase() ?? null,
      x: u.externalId,
    })),
  );
  return queryRows<{ i: number; id: number; employeeNumber: string; deleted: boolean; holds: Holds }>(
    db,
    sql`with u as (select * from jsonb_to_recordset(${json}::jsonb) as u(i int, e text, u text, m text, x text)),
        held as (
          select u.i, m.id, 1 as o, 'employeeNumber' as holds, m.employee_number, m.directory_deleted_at
            from u join members m on m.employee_number = u.e
          union all
          select u.i, m.id, 2, 'externalId', m.employee_number, m.directory_deleted_at
            from u join members m on m.external_id = u.x
          union all
          select u.i, m.id, 3, 'userName', m.employee_number, m.directory_deleted_at
            from u join members m on lower(coalesce(m.directory_user_name, m.email)) = u.u
          union all
          select u.i, m.id, 4, 'email', m.employee_number, m.directory_deleted_at
            from u join members m on lower(m.email) = u.m)
        select i, id, employee_number as "employeeNumber", directory_deleted_at is not null as deleted, holds
        from held order by i, o`,
  );
}

/** The employee number of the member with this SCIM id (a manager reference), if the directory may see them. */
export async function employeeNumberOf(db: Db, id: string): Promise<string | undefined> {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  const [row] = await queryRows<{ e: string }>(
    db,
    sql`select employee_number as e from members m where m.id = ${Number(id)} and ${VISIBLE}`,
  );
  return row?.e;
}

/** Is this employee number an active member's (a leaver's named successor)? */
export async function isActiveMember(db: Db, employeeNumber: string): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select true as ok from members where employee_number = ${employeeNumber} and active`,
  );
  return row !== undefined;
}

/**
 * Marks the member deleted by the directory (SCIM DELETE), or no longer so (created again). A
 * deleted member gives up the directory's identifiers (externalId, userName), so the directory may
 * give them to someone else; their e-mail stays on their record.
 */
export async function setDirectoryDeleted(tx: Db, memberIds: number[], deleted: boolean) {
  if (memberIds.length === 0) return;
  await tx.execute(sql`update members set directory_deleted_at = ${deleted ? sql`now()` : sql`null`},
                         external_id = case when ${deleted} then null else external_id end,
                         directory_user_name = case when ${deleted} then null else directory_user_name end,
                         updated_at = now()
                       where id in (select jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)::int)
                         and (directory_deleted_at is null) = ${deleted}`);
}

/** Takes the transaction's lock on a user's identifiers: two calls creating the same user queue here. */
export async function lockIdentity(tx: Db, keys: string[]) {
  const sorted = [...new Set(keys.filter(Boolean).map((k) => `scim:${k.toLowerCase()}`))].sort();
  // One statement, the locks taken in the same (sorted) order by every call: no lock cycles.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(k))
                       from jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb) with ordinality as x(k, n)
                       order by n`);
}

export interface LogEntry {
  tokenId: number | null;
  method: string;
  path: string;
  status: number;
  memberId: number | null;
  outcome: ProvisioningOutcome;
  changed?: string[];
  refusal?: string;
  scimType?: string;
}

/** The provisioning log's rows for these calls (one statement). */
export async function logProvisioning(db: Db, entries: LogEntry[]) {
  if (entries.length === 0) return;
  await db.insert(provisioningLog).values(
    entries.map((entry) => ({
      tokenId: entry.tokenId,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      memberId: entry.memberId,
      outcome: entry.outcome,
      detail: {
        ...(entry.changed ? { changed: entry.changed } : {}),
        ...(entry.refusal ? { refusal: entry.refusal } : {}),
        ...(entry.scimType ? { scimType: entry.scimType } : {}),
      },
    })),
  );
}
