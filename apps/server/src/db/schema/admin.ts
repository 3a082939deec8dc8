import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/** What a role change set: the member's roles (lower case, sorted) and the report-admin flag. */
export interface RoleGrant {
  roles: string[];
  isAdminReports: boolean;
}

/** Every grant or revocation on the roles report (issue 11): who, when, before and after. Append-only. */
export const roleChanges = pgTable(
  'role_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Who made the change; null for the firm's set-up command (`npm run setup:firm`, decision 0080). */
    changedBy: integer('changed_by').references(() => members.id),
    /** Made by the firm's directory over SCIM (a group's members), through this token (issue 42). */
    changedByToken: integer('changed_by_token'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    before: jsonb('before').$type<RoleGrant>().notNull(),
    after: jsonb('after').$type<RoleGrant>().notNull(),
  },
  (t) => [index('role_changes_member_idx').on(t.memberId), index('role_changes_at_idx').on(t.changedAt)],
);

/** A data upload (issue 11): checked into upload_rows, then applied, discarded or reversed. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes: the same file cannot be applied twice. */
    contentHash: text('content_hash').notNull(),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => members.id),
    status: text('status').notNull().default('checking'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    appliedBy: integer('applied_by').references(() => members.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => members.id),
    discardedAt: timestamp('discarded_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_created_idx').on(t.createdAt),
    uniqueIndex('uploads_applied_hash_uq')
      .on(t.kind, t.contentHash)
      .where(sql`${t.status} in ('applying', 'applied', 'reversed')`),
  ],
);

/**
 * The checked rows of an upload: the row's values (normalised) or why it was refused, and for
 * points the ledger transaction that applied it (the link from a posting back to its row).
 */
export const uploadRows = pgTable(
  'upload_rows',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    rowNum: integer('row_num').notNull(),
    refusal: text('refusal'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    reversalTransactionId: bigint('reversal_transaction_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowNum] }), index('upload_rows_transaction_idx').on(t.transactionId)],
);
