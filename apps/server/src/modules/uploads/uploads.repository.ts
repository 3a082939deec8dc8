import { noticeSessionsChangedAtCommit } from '../live/instance-notices.ts';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { members, uploadRows, uploads } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql-rows.ts';

export type UploadRow = typeof uploads.$inferSelect;

const uploader = alias(members, 'uploader');

export async function insertUpload(
  db: Db,
  values: { kind: string; fileName: string; contentHash: string; uploadedBy: number; totalRows: number },
): Promise<number> {
  const [row] = await db.insert(uploads).values(values).returning({ id: uploads.id });
  return row!.id;
}

export async function findUpload(db: Db, id: number) {
  const [row] = await db
    .select({ upload: uploads, uploadedByName: sql<string>`${uploader.firstName} || ' ' || ${uploader.surname}` })
    .from(uploads)
    .innerJoin(uploader, eq(uploader.id, uploads.uploadedBy))
    .where(eq(uploads.id, id));
  return row;
}

/** The upload row, locked for the rest of the transaction. */
export async function lockUpload(tx: Db, id: number): Promise<UploadRow | undefined> {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
  return row;
}

/** An earlier upload of the same kind and bytes that was applied (or is being applied). */
export async function findAppliedTwin(db: Db, kind: string, contentHash: string, exceptId: number) {
  const [row] = await db
    .select({
      uploadId: uploads.id,
      appliedAt: uploads.appliedAt,
      createdAt: uploads.createdAt,
      by: sql<string>`${uploader.firstName} || ' ' || ${uploader.surname}`,
    })
    .from(uploads)
    .innerJoin(uploader, eq(uploader.id, sql`coalesce(${uploads.appliedBy}, ${uploads.uploadedBy})`))
    .where(
      and(
        eq(uploads.kind, kind),
        eq(uploads.contentHash, contentHash),
        ne(uploads.id, exceptId),
        inArray(uploads.status, ['applying', 'applied', 'reversed']),
      ),
    )
    .limit(1);
  return row;
}

export async function setUploadProgress(db: Db, id: number, processed: number, total: number) {
  await db.update(uploads).set({ processedRows: processed, totalRows: total }).where(eq(uploads.id, id));
}

export async function updateUpload(db: Db, id: number, values: Partial<typeof uploads.$inferInsert>) {
  await db.update(uploads).set(values).where(eq(uploads.id, id));
}

/** Moves an upload from one status to the next; false when it was not in `from` (someone else moved it). */
export async function moveUploadStatus(
  db: Db,
  id: number,
  from: string,
  values: Partial<typeof uploads.$inferInsert> & { status: string },
): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set(values)
    .where(and(eq(uploads.id, id), eq(uploads.status, from)))
    .returning({ id: uploads.id });
  return rows.length > 0;
}

export interface StagedRow {
  rowNum: number;
  refusal: string | null;
  data: Record<string, unknown>;
}

/** One parameter per batch (a JSON array): thousands of rows without thousands of bind parameters. */
export async function insertUploadRows(db: Db, uploadId: number, rows: StagedRow[]) {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ n: r.rowNum, f: r.refusal, d: r.data })));
  await db.execute(sql`
    insert into upload_rows (upload_id, row_num, refusal, data)
    select ${uploadId}, r.n, r.f, r.d from jsonb_to_recordset(${json}::jsonb) as r(n int, f text, d jsonb)`);
}

export async function findRefusedRows(db: Db, uploadId: number, limit?: number) {
  const query = db
    .select({ row: uploadRows.rowNum, reason: uploadRows.refusal })
    .from(uploadRows)
    .where(and(eq(uploadRows.uploadId, uploadId), isNotNull(uploadRows.refusal)))
    .orderBy(asc(uploadRows.rowNum));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({ row: r.row, reason: r.reason ?? '' }));
}

export async function findValidRows(db: Db, uploadId: number) {
  return db
    .select({ rowNum: uploadRows.rowNum, data: uploadRows.data, transactionId: uploadRows.transactionId })
    .from(uploadRows)
    .where(and(eq(uploadRows.uploadId, uploadId), isNull(uploadRows.refusal)))
    .orderBy(asc(uploadRows.rowNum));
}

/** Links each applied row to its ledger transaction (or its reversal). */
export async function linkRowTransactions(
  tx: Db,
  uploadId: number,
  links: { rowNum: number; transactionId: number }[],
  column: 'transaction_id' | 'reversal_transaction_id',
) {
  for (let i = 0; i < links.length; i += 5000) {
    const part = links.slice(i, i + 5000);
    await tx.execute(sql`
      update upload_rows u set ${sql.raw(column)} = l.t
      from jsonb_to_recordset(${JSON.stringify(part.map((l) => ({ r: l.rowNum, t: l.transactionId })))}::jsonb)
        as l(r int, t bigint)
      where u.upload_id = ${uploadId} and u.row_num = l.r`);
  }
}

export async function listUploads(db: Db, kinds: string[], limit = 500) {
  if (kinds.length === 0) return [];
  return db
    .select({ upload: uploads, uploadedByName: sql<string>`${uploader.firstName} || ' ' || ${uploader.surname}` })
    .from(uploads)
    .innerJoin(uploader, eq(uploader.id, uploads.uploadedBy))
    .where(inArray(uploads.kind, kinds))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit);
}

/**
 * Uploads a stopped process left half-done: applies to resume, and checks to fail — only stale
 * ones (a check takes seconds), so another instance's running check is left alone.
 */
export async function findInterruptedUploads(db: Db) {
  return db
    .select({ id: uploads.id, status: uploads.status })
    .from(uploads)
    .where(
      sql`${uploads.status} = 'applying' or (${uploads.status} = 'checking' and ${uploads.createdAt} < now() - interval '15 minutes')`,
    )
    .orderBy(asc(uploads.id));
}

// ---- lookups while checking -----------------------------------------------------------------

export interface KnownMember {
  id: number;
  employeeNumber: string;
  email: string | null;
  active: boolean;
  isManager: boolean;
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
}

export async function findMembersByEmployeeNumbers(db: Db, numbers: string[]): Promise<KnownMember[]> {
  if (numbers.length === 0) return [];
  return queryRows<KnownMember>(
    db,
    sql`select m.id, m.employee_number as "employeeNumber", m.email, m.active, m.is_manager as "isManager",
          m.first_name as "firstName", m.surname, m.cell_num as "cellNum", m.country, m.unit,
          m.start_date::text as "startDate", m.birth_date::text as "birthDate", m.roles,
          mg.employee_number as "managerNumber",
          concat_ws('/', d1.name, d2.name, d3.name) as divisions
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
  ac: boolean;
}

/** Creates new members (unregistered: no credentials) and updates known ones; empty optional values keep what is there. */
export async function upsertMembers(tx: Db, rows: MemberUpsert[]) {
  return queryRows<{ id: number; employeeNumber: string; inserted: boolean }>(
    tx,
    sql`insert into members (employee_number, first_name, surname, email, cell_num, division_id, country, unit,
                             start_date, birth_date, active)
        select r.e, r.fn, r.sn, r.em, r.cn, r.div, r.co, coalesce(r.un, ''), r.sd::date, r.bd::date, r.ac
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(e text, fn text, sn text, em text, cn text, div int, co text, un text, sd text, bd text, ac boolean)
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
          active = excluded.active,
          updated_at = now()
        returning id, employee_number as "employeeNumber", (xmax = 0) as inserted`,
  );
}

export async function setMemberRolesByNumber(tx: Db, rows: { e: string; r: string }[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update members m set roles = r.r, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(e text, r text)
    where m.employee_number = r.e and m.roles <> r.r`);
}

/** Links members to their managers by employee number and marks those managers as managers. */
export async function setManagersByNumber(tx: Db, rows: { e: string; m: string }[]) {
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
 * Deactivated members are signed out everywhere. Every instance's session cache drops all it
 * holds when the upload commits (roles, countries and units may have changed too).
 */
export async function revokeSessionsOf(tx: Db, employeeNumbers: string[]) {
  await noticeSessionsChangedAtCommit(tx, { all: true });
  if (employeeNumbers.length === 0) return;
  await tx.execute(sql`
    update sessions set revoked_at = now()
    where revoked_at is null
      and member_id in (select id from members where employee_number in (select jsonb_array_elements_text(${JSON.stringify(employeeNumbers)}::jsonb)))`);
}

// ---- reversing points ------------------------------------------------------------------------

/** Member accounts by (member, kind), locked in ascending id order (the ledger's lock order). */
export async function lockMemberAccounts(tx: Db, keys: { memberId: number; kind: string }[]) {
  if (keys.length === 0) return [];
  return queryRows<{ id: number; memberId: number; kind: string; balance: number }>(
    tx,
    sql`select a.id, a.member_id as "memberId", a.kind, a.balance::bigint as balance
        from ledger_accounts a
        join jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ m: k.memberId, k: k.kind })))}::jsonb)
          as k(m int, k text) on a.member_id = k.m and a.kind = k.k
        order by a.id
        for update of a`,
  ).then((rows) => rows.map((r) => ({ ...r, balance: Number(r.balance) })));
}

/** Notify-role candidates: active members with an e-mail whose roles mention a notify role. */
export async function findNotifyCandidates(db: Db) {
  return db
    .select({
      email: members.email,
      roles: members.roles,
      isManager: members.isManager,
      isAdminReports: members.isAdminReports,
      country: members.country,
      unit: members.unit,
    })
    .from(members)
    .where(and(eq(members.active, true), isNotNull(members.email), sql`${members.roles} ilike '%nfy%'`));
}
