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
  m.directory_managed_at is not null as "directoryManaged", m.created_at as "createdAt", m.updated_at as "updatedAt"`;

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

/** Who already holds an employee number, a userName or sign-in address, or an externalId. */
export async function findHolders(
  db: Db,
  {
    employeeNumber,
    userName,
    email,
    externalId,
  }: { employeeNumber: string; userName: string; email: string | null; externalId: string | null },
) {
  return queryRows<{ id: number; employeeNumber: string; deleted: boolean; holds: string }>(
    db,
    sql`select m.id, m.employee_number as "employeeNumber", m.directory_deleted_at is not null as deleted,
          case when m.employee_number = ${employeeNumber} then 'employeeNumber'
               when m.external_id = ${externalId} then 'externalId'
               when lower(coalesce(m.directory_user_name, m.email)) = lower(${userName}) then 'userName'
               else 'email' end as holds
        from members m
        where m.employee_number = ${employeeNumber}
           or (${externalId}::text is not null and m.external_id = ${externalId})
           or lower(coalesce(m.directory_user_name, m.email)) = lower(${userName})
           or (${email}::text is not null and lower(m.email) = lower(${email}))`,
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

/** Marks the member deleted by the directory (SCIM DELETE), or no longer so (created again). */
/**
 * Marks the member deleted by the directory (SCIM DELETE), or no longer so (created again). A
 * deleted member gives up the directory's identifiers (externalId, userName), so the directory may
 * give them to someone else; their e-mail stays on their record.
 */
export async function setDirectoryDeleted(tx: Db, memberId: number, deleted: boolean) {
  await tx.execute(sql`update members set directory_deleted_at = ${deleted ? sql`now()` : sql`null`},
                         external_id = case when ${deleted} then null else external_id end,
                         directory_user_name = case when ${deleted} then null else directory_user_name end,
                         updated_at = now()
                       where id = ${memberId} and (directory_deleted_at is null) = ${deleted}`);
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

export async function logProvisioning(db: Db, entry: LogEntry) {
  await db.insert(provisioningLog).values({
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
  });
}
