import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { noticeSessionsChangedAtCommit } from '../live/instance-notices.ts';

/**
 * The member-change kernel's SQL (decision 0110): who employee numbers and e-mail addresses
 * belong to, today's manager chains, and the set-based writes every change of members makes —
 * a members upload and the directory over SCIM alike.
 */

export interface KnownMember {
  id: number;
  employeeNumber: string;
  email: string | null;
  active: boolean;
  isManager: boolean;
  isAdminReports: boolean;
  firstName: string;
  surname: string;
  cellNum: string | null;
  country: string;
  unit: string;
  startDate: string | null;
  birthDate: string | null;
  roles: string;
  managerNumber: string | null;
  divisions: string | null;
  /** The firm's directory manages this member over SCIM (issue 42). */
  directoryManaged: boolean;
}

export async function findMembersByEmployeeNumbers(db: Db, numbers: string[]): Promise<KnownMember[]> {
  if (numbers.length === 0) return [];
  return queryRows<KnownMember>(
    db,
    sql`select m.id, m.employee_number as "employeeNumber", m.email, m.active, m.is_manager as "isManager",
          m.is_admin_reports as "isAdminReports", m.first_name as "firstName", m.surname, m.cell_num as "cellNum", m.country, m.unit,
          m.start_date::text as "startDate", m.birth_date::text as "birthDate", m.roles,
          mg.employee_number as "managerNumber",
          concat_ws('/', d1.name, d2.name, d3.name) as divisions,
          m.directory_managed_at is not null as "directoryManaged"
        from members m
        left join members mg on mg.id = m.manager_id
        left join divisions d3 on d3.id = m.division_id
        left join divisions d2 on d2.id = d3.parent_id
        left join divisions d1 on d1.id = d2.parent_id
        where m.employee_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
  );
}

/** Members holding these e-mail addresses (lower case), by address. */
export async function findEmailOwners(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await queryRows<{ email: string; employeeNumber: string }>(
    db,
    sql`select lower(email) as email, employee_number as "employeeNumber" from members
        where lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.email, r.employeeNumber]));
}

export async function existingEmployeeNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await queryRows<{ e: string }>(
    db,
    sql`select employee_number as e from members where employee_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.e));
}

// ---- applying members -----------------------------------------------------------------------

/** The id of a division path (level 1 → 3), created where missing. */
export async function ensureDivisionPath(tx: Db, names: string[]): Promise<number | null> {
  let parent: number | null = null;
  for (let level = 1; level <= names.length; level++) {
    const name = names[level - 1]!;
    const [found]: { id: number }[] = await queryRows<{ id: number }>(
      tx,
      sql`select id from divisions where level = ${level} and lower(name) = lower(${name})
          and parent_id is not distinct from ${parent} limit 1`,
    );
    parent = found
      ? found.id
      : (
          await queryRows<{ id: number }>(
            tx,
            sql`insert into divisions (name, level, parent_id) values (${name}, ${level}, ${parent}) returning id`,
          )
        )[0]!.id;
  }
  return parent;
}

export interface MemberUpsert {
  e: string;
  fn: string;
  sn: string;
  em: string | null;
  cn: string | null;
  div: number | null;
  co: string;
  un: string | null;
  sd: string | null;
  bd: string | null;
  /** null keeps a known member's state; a new member is active. */
  ac: boolean | null;
  /** true: the firm's directory makes this change (it manages the member from now on); null: an upload. */
  dx: boolean | null;
  /** The directory's externalId and userName (with `dx`). */
  xi: string | null;
  du: string | null;
}

/** Creates new members (unregistered: no credentials) and updates known ones; empty optional values keep what is there. */
export async function upsertMembers(tx: Db, rows: MemberUpsert[]) {
  const written = await queryRows<{ id: number; employeeNumber: string; inserted: boolean }>(
    tx,
    sql`insert into members (employee_number, first_name, surname, email, cell_num, division_id, country, unit,
                             start_date, birth_date, active, directory_managed_at, external_id, directory_user_name)
        select r.e, r.fn, r.sn, r.em, r.cn, r.div, r.co, coalesce(r.un, ''), r.sd::date, r.bd::date, coalesce(r.ac, true),
               case when r.dx then now() end, r.xi, r.du
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(e text, fn text, sn text, em text, cn text, div int, co text, un text, sd text, bd text, ac boolean,
               dx boolean, xi text, du text)
        on conflict (employee_number) do update set
          first_name = excluded.first_name,
          surname = excluded.surname,
          email = coalesce(excluded.email, members.email),
          cell_num = coalesce(excluded.cell_num, members.cell_num),
          division_id = coalesce(excluded.division_id, members.division_id),
          country = excluded.country,
          unit = case when excluded.unit = '' then members.unit else excluded.unit end,
          start_date = coalesce(excluded.start_date, members.start_date),
          birth_date = coalesce(excluded.birth_date, members.birth_date),
          directory_managed_at = coalesce(members.directory_managed_at, excluded.directory_managed_at),
          external_id = case when excluded.directory_managed_at is null then members.external_id
                             else excluded.external_id end,
          directory_user_name = coalesce(excluded.directory_user_name, members.directory_user_name),
          updated_at = now()
        where (members.first_name, members.surname, members.email, members.cell_num, members.division_id,
               members.country, members.unit, members.start_date, members.birth_date, members.directory_managed_at is null,
               members.external_id, members.directory_user_name)
          is distinct from
              (excluded.first_name, excluded.surname, coalesce(excluded.email, members.email),
               coalesce(excluded.cell_num, members.cell_num), coalesce(excluded.division_id, members.division_id),
               excluded.country, case when excluded.unit = '' then members.unit else excluded.unit end,
               coalesce(excluded.start_date, members.start_date), coalesce(excluded.birth_date, members.birth_date),
               members.directory_managed_at is null and excluded.directory_managed_at is null,
               case when excluded.directory_managed_at is null then members.external_id else excluded.external_id end,
               coalesce(excluded.directory_user_name, members.directory_user_name))
        returning id, employee_number as "employeeNumber", (xmax = 0) as inserted`,
  );
  // Active is set only where the row says yes or no: an empty cell (or no such column) keeps it.
  const stated = rows.filter((r) => r.ac !== null).map((r) => ({ e: r.e, ac: r.ac }));
  if (stated.length > 0) {
    await tx.execute(sql`
      update members m set active = r.ac, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(stated)}::jsonb) as r(e text, ac boolean)
      where m.employee_number = r.e and m.active is distinct from r.ac`);
  }
  return written;
}

export async function setMemberRolesByNumber(tx: Db, rows: { e: string; r: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update members m set roles = r.r, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(e text, r text)
    where m.employee_number = r.e and m.roles <> r.r`);
}

/** Sets members' roles by id (lower case, sorted, comma-separated). */
export async function setMemberRolesById(tx: Db, rows: { id: number; r: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update members m set roles = r.r, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id int, r text)
    where m.id = r.id and m.roles <> r.r`);
}

/**
 * Locks, in id order, the members a role change names (active or not) and, with `holders`, every
 * member who holds the role now: a group's membership set as a whole takes it from the others.
 */
export async function lockRoleMembers(tx: Db, role: string, ids: number[], holders: boolean) {
  return queryRows<{ id: number; roles: string; isAdminReports: boolean }>(
    tx,
    sql`select id, roles, is_admin_reports as "isAdminReports" from members
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)
           or (${holders} and ${role} = any(string_to_array(roles, ',')))
        order by id for update`,
  );
}

/** Links members to their managers by employee number and marks those managers as managers; `none` have none. */
export async function setManagersByNumber(tx: Db, rows: { e: string; m: string }[], none: string[] = []) {
  if (none.length > 0) {
    await tx.execute(sql`
      update members set manager_id = null, updated_at = now()
      where employee_number in (select jsonb_array_elements_text(${JSON.stringify(none)}::jsonb)) and manager_id is not null`);
  }
  if (rows.length === 0) return;
  const json = JSON.stringify(rows);
  await tx.execute(sql`
    update members m set manager_id = mg.id, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as r(e text, m text)
    join members mg on mg.employee_number = r.m
    where m.employee_number = r.e and m.manager_id is distinct from mg.id`);
  await tx.execute(sql`
    update members set is_manager = true, updated_at = now()
    where employee_number in (select r.m from jsonb_to_recordset(${json}::jsonb) as r(e text, m text))
      and not is_manager`);
}

/**
 * Leavers are signed out everywhere and their integration tokens revoked. Every instance's
 * session cache forgets the members changed when the transaction commits (their roles, country
 * or unit may have changed too), and their live streams end (decision 0032).
 */
export async function revokeSessionsOf(tx: Db, leaverIds: number[], changedIds: number[]) {
  await noticeSessionsChangedAtCommit(tx, { memberIds: [...new Set([...leaverIds, ...changedIds])] });
  if (leaverIds.length === 0) return;
  const ids = JSON.stringify(leaverIds);
  await tx.execute(sql`
    update sessions set revoked_at = now()
    where revoked_at is null and member_id in (select jsonb_array_elements_text(${ids}::jsonb)::int)`);
  await tx.execute(sql`
    update integration_tokens set revoked_at = now()
    where revoked_at is null and created_by in (select jsonb_array_elements_text(${ids}::jsonb)::int)`);
}

/**
 * Today's manager of each of these members and of every manager above them (employee numbers),
 * for the members file's loop check; a chain that loops already stops where it repeats.
 */
export async function currentManagerChains(db: Db, numbers: string[]): Promise<Map<string, string | null>> {
  if (numbers.length === 0) return new Map();
  const rows = await queryRows<{ e: string; m: string | null }>(
    db,
    sql`with recursive chain(id, manager_id, depth) as (
          select id, manager_id, 0 from members
          where employee_number in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
          union
          select m.id, m.manager_id, c.depth + 1 from chain c join members m on m.id = c.manager_id
          where c.depth < 100)
        select distinct me.employee_number as e, mg.employee_number as m
        from chain c join members me on me.id = c.id left join members mg on mg.id = c.manager_id`,
  );
  return new Map(rows.map((r) => [r.e, r.m]));
}
