import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger.ts';
import { members } from './members.ts';

/**
 * The Game Board's audit trail (issue 10): one row per play, written in the play's transaction.
 * Enough to re-check any draw: the random integer drawn in [0, random_range), the prize table
 * version, the pool balance the draw saw (prizes it could not cover were out of that draw), the
 * prize and the ledger transactions that moved the play and the prize. Append-only (a trigger in
 * db/sql/05-game.sql refuses UPDATE and DELETE).
 */
export const gameDraws = pgTable(
  'game_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    cap: smallint('cap').notNull(),
    /** The integer the random source gave, uniform in [0, random_range). */
    randomValue: bigint('random_value', { mode: 'number' }).notNull(),
    /** The total weight of the prizes in this draw (the pool could cover them). */
    randomRange: bigint('random_range', { mode: 'number' }).notNull(),
    tableVersion: integer('table_version').notNull(),
    poolBefore: bigint('pool_before', { mode: 'number' }).notNull(),
    prizeLabel: text('prize_label').notNull(),
    prizePoints: integer('prize_points').notNull(),
    /** The 'game_play' ledger transaction (one play from the member to plays_issuance). */
    playTransactionId: bigint('play_transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    /** The 'game_prize' ledger transaction (game_prizes to the member's points); null for no prize. */
    prizeTransactionId: bigint('prize_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_draws_member_idx').on(t.memberId, t.id),
    check('game_draws_random_ck', sql`${t.randomValue} >= 0 and ${t.randomValue} < ${t.randomRange}`),
    check('game_draws_prize_ck', sql`${t.prizePoints} >= 0`),
  ],
);
