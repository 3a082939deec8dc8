import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { runStatement, writeStatement, type Statement } from '../../db/statement.ts';
import {
  auditRowOf,
  chainHashOf,
  rowHashOf,
  type AuditContent,
  type AuditContext,
  type AuditEntry,
} from './audit-row.ts';

/**
 * The audit trail's writes, its sealer, its proof and its retention (issue 43, decision 0113).
 * A change writes its audit rows in its own transaction (`audit`, or `auditStatement` on the send
 * runner's): the row exists if and only if the change does.
 */

export async function audit(db: Db, context: AuditContext, entries: AuditEntry | AuditEntry[]) {
  const list = Array.isArray(entries) ? entries : [entries];
  await auditEach(
    db,
    list.map((entry) => ({ context, entry })),
  );
}

/** Entries of several calls in one statement, each with its own actor and trace id (a batch's). */
export async function auditEach(db: Db, items: { context: AuditContext; entry: AuditEntry }[]) {
  if (items.length === 0) return;
  await runStatement(db, auditStatement(items));
}

/**
 * The rows as one statement, to travel with a batched transaction's others (the send runner's).
 * An entry whose ledger transaction is 'posted' names the first the transaction posted: the
 * statement then goes after the posting (`readsPosting`).
 */
export function auditStatement(items: { context: AuditContext; entry: AuditEntry }[]): Statement {
  const at = new Date();
  const posted = items.some(({ entry }) => entry.ledgerTransactionId === 'posted');
  const rows = JSON.stringify(
    items.map(({ context, entry }) => ({
      ...auditRowOf(
        context,
        {
          ...entry,
          ledgerTransactionId: entry.ledgerTransactionId === 'posted' ? undefined : entry.ledgerTransactionId,
        },
        at,
      ),
      posted: entry.ledgerTransactionId === 'posted',
    })),
  );
  return {
    ...writeStatement(sql`insert into audit_log (at, actor_kind, actor_member_id, actor_token_id, actor_label, action,
        target_kind, target_id, before, after, ledger_transaction_id, trace_id)
      select r.at, r."actorKind", r."actorMemberId", r."actorTokenId", r."actorLabel", r.action, r."targetKind", r."targetId",
        r.before, r.after, case when r.posted then (ledger_posted_ids())[1] else r."ledgerTransactionId" end, r."traceId"
      from jsonb_to_recordset(${rows}::jsonb) as r(at timestamptz, "actorKind" text, "actorMemberId" int, "actorTokenId" int,
        "actorLabel" text, action text, "targetKind" text, "targetId" text, before jsonb, after jsonb,
        "ledgerTransactionId" bigint, "traceId" text, posted boolean)`),
    ...(posted ? { readsPosting: true as const } : {}),
  };
}

const CONTENT = sql`id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, actor_kind as "actorKind",
  actor_member_id as "actorMemberId", actor_token_id as "actorTokenId", actor_label as "actorLabel", action,
  target_kind as "targetKind", target_id as "targetId", before, after,
  ledger_transaction_id as "ledgerTransactionId", trace_id as "traceId", row_hash as "rowHash", seq, chain_hash as "chainHash"`;

type StoredRow = AuditContent & { id: number; rowHash: string | null; seq: number | null; chainHash: string | null };

/** A row as read (PostgreSQL gives bigints as text) made the content its hash was computed from. */
const contentOf = (row: StoredRow): AuditContent => ({
  ...row,
  ledgerTransactionId: row.ledgerTransactionId === null ? null : Number(row.ledgerTransactionId),
});

const SEAL_LOCK = 727_043;

/**
 * Gives the rows written since the last seal their hash and their place in the chain, oldest id
 * first, at most `max` a call; one sealer at a time across instances (an advisory lock). A row whose transaction
 * commits late is sealed by a later call, after rows with higher ids: the chain's order is `seq`.
 */
export async function sealAudit(db: Db, max = 2000): Promise<number> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SEAL_LOCK}) as ok`);
    if (!locked?.ok) return 0;
    const rows = await queryRows<StoredRow>(
      tx,
      sql`select ${CONTENT} from audit_log where seq is null order by id limit ${max}`,
    );
    const [last] = await queryRows<{ seq: number; chainHash: string }>(
      tx,
      sql`select seq, chain_hash as "chainHash" from audit_log where seq is not null order by seq desc limit 1`,
    );
    const [checkpoint] = last
      ? []
      : await queryRows<{ seq: number; chainHash: string }>(
          tx,
          sql`select seq, chain_hash as "chainHash" from audit_checkpoints order by seq desc limit 1`,
        );
    let seq = Number(last?.seq ?? checkpoint?.seq ?? 0);
    let previous = last?.chainHash ?? checkpoint?.chainHash ?? '';
    const sealed = rows.map((r) => {
      const hash = rowHashOf(contentOf(r));
      seq += 1;
      previous = chainHashOf(previous, hash);
      return { id: Number(r.id), seq, hash, chain: previous };
    });
    await tx.execute(sql`update audit_log a set row_hash = s.hash, seq = s.seq, chain_hash = s.chain, sealed_at = now()
      from jsonb_to_recordset(${JSON.stringify(sealed)}::jsonb) as s(id bigint, seq bigint, hash text, chain text)
      where a.id = s.id and a.seq is null`);
    return sealed.length;
  });
}

export interface AuditProof {
  /** Rows whose hash and place in the chain were checked. */
  sealed: number;
  /** Rows written since the last seal (seconds ago): hashed and placed by the next. */
  unsealed: number;
  /** The first row that does not match, and how; none when the trail is whole. */
  broken?: { id: number; seq: number | null; reason: string };
}

/**
 * Proves the trail: every row's hash from its content, and the chain from the first row kept (or
 * the retention's checkpoint) to the last, with no place missing. Read in pages of `page`.
 */
export async function verifyAudit(db: Db, page = 5000): Promise<AuditProof> {
  const [checkpoint] = await queryRows<{ seq: number; chainHash: string }>(
    db,
    sql`select seq, chain_hash as "chainHash" from audit_checkpoints order by seq desc limit 1`,
  );
  let expectedSeq = Number(checkpoint?.seq ?? 0) + 1;
  let previous = checkpoint?.chainHash ?? '';
  let sealed = 0;
  for (;;) {
    const rows = await queryRows<StoredRow>(
      db,
      sql`select ${CONTENT} from audit_log where seq >= ${expectedSeq} order by seq limit ${page}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const where = { id: Number(row.id), seq };
      if (seq !== expectedSeq) {
        return { sealed, unsealed: 0, broken: { ...where, reason: `the chain has no row at seq ${expectedSeq}` } };
      }
      if (rowHashOf(contentOf(row)) !== row.rowHash) {
        return { sealed, unsealed: 0, broken: { ...where, reason: 'its content does not match its hash' } };
      }
      previous = chainHashOf(previous, row.rowHash);
      if (previous !== row.chainHash) {
        return { sealed, unsealed: 0, broken: { ...where, reason: 'its chain hash does not follow the row before' } };
      }
      expectedSeq += 1;
      sealed += 1;
    }
    if (rows.length < page) break;
  }
  const [below] = await queryRows<{ id: number; seq: number }>(
    db,
    sql`select id, seq from audit_log where seq is not null and seq < ${Number(checkpoint?.seq ?? 0) + 1} order by seq limit 1`,
  );
  if (below) {
    return {
      sealed,
      unsealed: 0,
      broken: { id: Number(below.id), seq: Number(below.seq), reason: 'it sits before the retention checkpoint' },
    };
  }
  const [waiting] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from audit_log where seq is null`);
  return { sealed, unsealed: waiting!.n };
}

/** The retention: sealed rows older than `days` removed, a checkpoint recording where the chain now starts. */
export async function pruneAudit(db: Db, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000).toISOString();
  return db.transaction(async (tx) => {
    // Up to the first row still kept (rows sealed late may sit after newer ones): never a newer row.
    const [upto] = await queryRows<{ seq: number | null }>(
      tx,
      sql`select coalesce((select min(seq) - 1 from audit_log where seq is not null and at >= ${before}::timestamptz),
                          (select max(seq) from audit_log where seq is not null)) as seq`,
    );
    if (upto?.seq === null || upto?.seq === undefined || Number(upto.seq) < 1) return 0;
    const [done] = await queryRows<{ removed: number }>(tx, sql`select audit_prune(${upto.seq}) as removed`);
    return Number(done?.removed ?? 0);
  });
}
