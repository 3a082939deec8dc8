import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The audit trail (issue 43, decision 0113): one append-only row for each thing someone or
 * something did — who (a member, an integration token, an upload, a scheduled job, the set-up
 * command, someone not signed in), what, to what, before and after, the request's trace id;
 * money actions name their ledger transaction instead of copying amounts.
 *
 * Tamper-evident: the sealer, seconds after the commit, gives each row `row_hash` (the SHA-256
 * of its content), the next `seq` in one chain and `chain_hash` = SHA-256(previous chain_hash +
 * row_hash). `npm run audit:verify` recomputes both. A trigger (db/sql/11-audit-guards.sql)
 * refuses UPDATE (but the sealing of an unsealed row), DELETE (but the retention's, of a sealed
 * prefix) and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    /** member | token | upload | job | setup | anonymous */
    actorKind: text('actor_kind').notNull(),
    actorMemberId: integer('actor_member_id'),
    actorTokenId: integer('actor_token_id'),
    /** The job's or the command's name, an upload's id, a masked address for a failed sign-in. */
    actorLabel: text('actor_label'),
    /** area.verb, e.g. settings.update, roles.change, auth.sign_in (AUDIT_ACTIONS). */
    action: text('action').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    traceId: text('trace_id'),
    /** Set by the sealer, with `seq` and `chain_hash`. */
    rowHash: text('row_hash'),
    seq: bigint('seq', { mode: 'number' }),
    chainHash: text('chain_hash'),
    sealedAt: timestamp('sealed_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    uniqueIndex('audit_log_seq_uq').on(t.seq),
    index('audit_log_unsealed_idx')
      .on(t.id)
      .where(sql`seq is null`),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_actor_idx').on(t.actorMemberId, t.at),
    index('audit_log_target_idx').on(t.targetKind, t.targetId),
  ],
);

/**
 * Where the chain starts once the retention removed its oldest rows: the last removed row's seq
 * and chain hash, so `audit:verify` proves what is left from there.
 */
export const auditCheckpoints = pgTable('audit_checkpoints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  chainHash: text('chain_hash').notNull(),
  removed: integer('removed').notNull(),
});
