import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily roll-ups the reports dashboard reads instead of a year of kudos and ledger entries
 * (docs/decisions/0030). They are written ONLY by the triggers on `kudos` and
 * `ledger_entries` (migrations report_rollups and report_running_totals), so every flow that creates kudos or posts entries is
 * counted, and were back-filled by those migrations. Days are UTC calendar days.
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

/** Points per day and dashboard figure ('issued', 'given', 'redeemed', 'won'), positive; `shard` = account id mod 8. */
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
 * One row per (day, figure, shard) per INSERT statement on `ledger_entries`, written by that
 * statement's trigger (the statement's entries summed) and moved into `report_point_days` by a
 * deferred trigger at commit, which deletes it (migration report_point_pending). So a points
 * upload of 100,000 transactions updates its hot `issued` row once per ledger call instead of
 * once per entry, while a send still locks its roll-up row only for the commit.
 */
export const reportPointPending = pgTable('report_point_pending', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  day: date('day', { mode: 'string' }).notNull(),
  figure: text('figure').notNull(),
  shard: smallint('shard').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
});
