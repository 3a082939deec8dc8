import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { members, uploadRows, uploads } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-rows.ts';

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

/**
 * Whether a valid row of the upload is the member's own (a points row that credits them, a members
 * row for their record) or, with `asManager`, names them as a manager (decision 0081).
 */
export async function rowsConcernMember(
  db: Db,
  uploadId: number,
  employeeNumber: string,
  asManager: boolean,
): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from upload_rows
          where upload_id = ${uploadId} and refusal is null
            and (data->>'employeeNumber' = ${employeeNumber} or (${asManager}::boolean and data->>'manager' = ${employeeNumber}))
        ) as found`,
  );
  return row?.found ?? false;
}

/**
 * A points file's first valid row whose member changed since the check: left the firm, or (a
 * team-budget row) is no longer a manager. Null when every row still holds.
 */
export async function findStalePointsRow(
  db: Db,
  uploadId: number,
): Promise<{ employeeNumber: string; active: boolean } | null> {
  const [row] = await queryRows<{ employeeNumber: string; active: boolean }>(
    db,
    sql`select m.employee_number as "employeeNumber", m.active
        from upload_rows r join members m on m.id = (r.data->>'memberId')::bigint
        where r.upload_id = ${uploadId} and r.refusal is null
          and (not m.active or (r.data->>'account' = 'team' and not m.is_manager))
        order by r.row_num limit 1`,
  );
  return row ?? null;
}

/** Links each applied row to its ledger transaction (or its reversal). */
export async function linkRowTransactions(
  tx: Db,
  uploadId: number,
  rows: { rowNums: number[]; transactionIds: number[] },
  column: 'transaction_id' | 'reversal_transaction_id',
) {
  if (rows.rowNums.length !== rows.transactionIds.length) {
    throw new Error(`upload ${uploadId}: ${rows.rowNums.length} rows but ${rows.transactionIds.length} transactions`);
  }
  for (let i = 0; i < rows.rowNums.length; i += 5000) {
    const rowNums = rows.rowNums.slice(i, i + 5000);
    const ids = rows.transactionIds.slice(i, i + 5000);
    await tx.execute(sql`
      update upload_rows u set ${sql.raw(column)} = l.t
      from unnest(${`{${rowNums.join(',')}}`}::int[], ${`{${ids.join(',')}}`}::bigint[]) as l(r, t)
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

/** Notify-role candidates: active members with an e-mail and any role (getCapabilities decides). */
export async function findNotifyCandidates(db: Db) {
  return (
    db
      .select({
        email: members.email,
        roles: members.roles,
        isManager: members.isManager,
        isAdminReports: members.isAdminReports,
        country: members.country,
        unit: members.unit,
      })
      .from(members)
      // Members holding any role; which roles notify is the capabilities module's to say.
      .where(and(eq(members.active, true), isNotNull(members.email), ne(members.roles, '')))
  );
}
