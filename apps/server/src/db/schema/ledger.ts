import { LEDGER_TRANSACTION_KINDS } from '@ovation/shared/vocabulary';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * Ledger accounts (docs/decisions/0004). Member accounts: 'points' (awardsPointsAvailable),
 * 'plays' (awardsPointsAvailable1), 'team_budget' (awardsPointsAvailableMng). System accounts
 * (member_id null): 'issuance', 'redemptions', 'game_prizes', 'plays_issuance'.
 * The cached balance changes only with entries, in the same transaction; member balances
 * can never go below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    memberId: integer('member_id').references(() => members.id),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_member_kind_uq').on(t.memberId, t.kind),
    uniqueIndex('ledger_accounts_system_kind_uq')
      .on(t.kind)
      .where(sql`${t.memberId} is null`),
    check('ledger_accounts_member_non_negative_ck', sql`${t.memberId} is null or ${t.balance} >= 0`),
    check('ledger_accounts_award_non_negative_ck', sql`${t.kind} not like 'award\\_%' or ${t.balance} >= 0`),
  ],
);

/**
 * One movement of one unit (points or plays); its entries sum to zero. `memo` carries what a
 * statement shows with it (e.g. the behaviour's name for a recognition).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    memo: text('memo').notNull().default(''),
    actorMemberId: integer('actor_member_id').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_created_idx').on(t.createdAt),
    // The few transactions that undo another (reports count them against what they undo).
    index('ledger_transactions_undoing_idx')
      .on(t.id)
      .where(sql`${t.kind} in ('upload_reversal', 'redemption_refund')`),
  ],
);

/** Append-only entries: integer amounts, positive credits the account, negative debits it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The other member of this leg (who recognised you, whom you paid forward), for statements. */
    counterpartyMemberId: integer('counterparty_member_id').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_non_zero_ck', sql`${t.amount} <> 0`),
  ],
);

/**
 * Idempotency-Key records for point-moving requests: a retry returns the stored answer; the
 * same key with another body is refused; a duplicate while the first is in flight gets 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null while in flight. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/**
 * Sends from one member to another per UTC day (all kinds), for the per-pair daily limit. An
 * upsert in the send's transaction counts and checks in one step, so concurrent sends cannot
 * both slip under the limit.
 */
export const sendPairCounts = pgTable(
  'send_pair_counts',
  {
    fromMemberId: integer('from_member_id')
      .notNull()
      .references(() => members.id),
    toMemberId: integer('to_member_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromMemberId, t.toMemberId, t.day] })],
);

/** Points a member gave per UTC day and kind (the Pay It Forward daily cap), counted like the pairs. */
export const sendDailyTotals = pgTable(
  'send_daily_totals',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day, t.kind] })],
);
