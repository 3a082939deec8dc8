import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MILESTONE_FORMS } from '@ovation/shared/schemas/milestones';
import { kudos } from './feed.ts';
import { ledgerTransactions } from './ledger.ts';
import { members } from './members.ts';

/**
 * A member's service milestone (issue 41, decision 0108): written when it is announced, the
 * notice period before the day, and posted once on `post_on`. One row per member and years, so
 * no instance, restart or second run can announce or post it twice. What it gives is copied from
 * the settings when it is announced.
 */
export const serviceMilestones = pgTable(
  'service_milestones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    years: smallint('years').notNull(),
    /** The anniversary: the start date plus `years`, moved on by the breaks recorded. */
    milestoneOn: date('milestone_on', { mode: 'string' }).notNull(),
    /** The day it is posted: `milestone_on`, or the Friday before when that is a weekend. */
    postOn: date('post_on', { mode: 'string' }).notNull(),
    form: text('form', { enum: MILESTONE_FORMS }).notNull(),
    points: integer('points').notNull().default(0),
    giftName: text('gift_name').notNull().default(''),
    /** The award's value in rand for payroll: points × the rate, or the gift's value. */
    valueRand: numeric('value_rand', { precision: 12, scale: 2 }).notNull().default('0'),
    /** No break in service was recorded for the member (the tax exemption asks for unbroken service). */
    unbroken: boolean('unbroken').notNull(),
    /** The manager told (at announcement), who may change the message. */
    managerId: integer('manager_id').references(() => members.id),
    /** The message posted with the award: prefilled, then the manager's. */
    message: text('message').notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    kudosId: bigint('kudos_id', { mode: 'number' }).references(() => kudos.id),
  },
  (t) => [
    uniqueIndex('service_milestones_member_years_uq').on(t.memberId, t.years),
    index('service_milestones_due_idx')
      .on(t.postOn)
      .where(sql`${t.postedAt} IS NULL`),
    index('service_milestones_manager_idx').on(t.managerId, t.postOn),
    check('service_milestones_points_ck', sql`${t.points} >= 0`),
  ],
);

/** Colleagues' messages on a milestone card: one per colleague (signing again replaces it). */
export const milestoneCardMessages = pgTable(
  'milestone_card_messages',
  {
    milestoneId: bigint('milestone_id', { mode: 'number' })
      .notNull()
      .references(() => serviceMilestones.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => members.id),
    message: text('message').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.milestoneId, t.authorId] })],
);

/** Breaks in a member's service: each moves their later milestones on by its days. */
export const serviceBreaks = pgTable(
  'service_breaks',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('service_breaks_member_idx').on(t.memberId),
    check('service_breaks_window_ck', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
