import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily roll-ups the reports dashboard reads instead of a year of kudos and ledger entries
 * (docs/decisions/0030). They are written ONLY by the deferred triggers on `kudos` and
 * `ledger_entries` (migration 0007), so every flow that creates kudos or posts entries is
 * counted, and were back-filled by that migration. Days are UTC calendar days.
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

/** Per member and day: kudos given and received, and the last time one was received. */
export const reportMemberDays = pgTable(
  'report_member_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: integer('member_id').notNull(),
    given: integer('given').notNull(),
    received: integer('received').notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] }), index('report_member_days_member_idx').on(t.memberId, t.day)],
);

/** Per member and calendar month (its first day): kudos given and received. */
export const reportMemberMonths = pgTable(
  'report_member_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    memberId: integer('member_id').notNull(),
    given: integer('given').notNull(),
    received: integer('received').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.memberId] })],
);

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
