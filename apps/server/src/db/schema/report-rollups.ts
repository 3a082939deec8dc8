import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily roll-ups the reports dashboard reads instead of a year of kudos and ledger entries
 * (docs/decisions/0030). A send only queues what it added (`report_kudos_pending`,
 * `report_point_pending`, filled by statement triggers on `kudos` and `ledger_entries`), and
 * `report_rollups_flush_part()` adds the queue to these tables in bulk, in parts of bounded size
 * (decision 0102): every few seconds and before the dashboard reads them (decision 0051). So every
 * flow that creates kudos or posts entries is counted. The migrations report_rollups and
 * report_running_totals back-filled them. Days are UTC calendar days.
 */

/** Kudos per day, kind and behaviour (0 = none). `shard` (giver id mod 8) spreads concurrent sends over rows. */
export const reportKudosDays = pgTable(
  'report_kudos_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    behaviourId: integer('behaviour_id').notNull(),
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.behaviourId, t.shard] })],
);

/**
 * Per member and day with kudos: given and received that day, the last time one was received,
 * and the member's running totals through the end of that day (decision 0045): a member's total
 * at any day is the row with the latest day up to it, so a period is two totals, not a sum.
 */
export const reportMemberDays = pgTable(
  'report_member_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: integer('member_id').notNull(),
    given: integer('given').notNull(),
    received: integer('received').notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
    givenTotal: integer('given_total').notNull().default(0),
    receivedTotal: integer('received_total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] }), index('report_member_days_member_idx').on(t.memberId, t.day)],
);

/**
 * Per member: all-time totals and the first and last day with kudos. A period ending on or
 * after `last_day` ends at these totals, one starting before `first_day` starts at zero, so
 * most periods need no look-up in the daily rows at all.
 */
export const reportMemberTotals = pgTable('report_member_totals', {
  memberId: integer('member_id').primaryKey(),
  firstDay: date('first_day', { mode: 'string' }).notNull(),
  lastDay: date('last_day', { mode: 'string' }).notNull(),
  given: integer('given').notNull(),
  received: integer('received').notNull(),
});

/** Kudos ever sent from one member to another; pairs seen at least 3 times are indexed apart. */
export const reportKudosPairs = pgTable(
  'report_kudos_pairs',
  {
    fromMemberId: integer('from_member_id').notNull(),
    toMemberId: integer('to_member_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fromMemberId, t.toMemberId] }),
    index('report_kudos_pairs_frequent_idx')
      .on(t.fromMemberId, t.toMemberId)
      .where(sql`${t.n} >= 3`),
  ],
);

/**
 * Points per day and dashboard figure ('issued', 'given', 'redeemed', 'won'); `shard` = account id
 * mod 8. 'issued' and 'redeemed' are net of reversals and refunds (decision 0084), so a day's
 * figure may be negative.
 */
export const reportPointDays = pgTable(
  'report_point_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    figure: text('figure').notNull(),
    shard: smallint('shard').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.figure, t.shard] })],
);

/**
 * The kudos not yet in the roll-ups: one row per kudos, written by the statement trigger on
 * `kudos` in the sending transaction and deleted by the flush (decision 0051). No index: it is
 * only ever appended to and emptied, whole or a part at a time as stored (decision 0102).
 */
export const reportKudosPending = pgTable('report_kudos_pending', {
  kudosId: bigint('kudos_id', { mode: 'number' }).notNull(),
});

/**
 * The points not yet in `report_point_days`: one row per (day, figure, shard) per INSERT
 * statement on `ledger_entries` (that statement's entries summed, by its trigger), so a points
 * upload of 100,000 transactions queues about ten rows, and a send one. Each flush call
 * adds them all up and deletes them (decision 0051).
 */
export const reportPointPending = pgTable('report_point_pending', {
  day: date('day', { mode: 'string' }).notNull(),
  figure: text('figure').notNull(),
  shard: smallint('shard').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
});
