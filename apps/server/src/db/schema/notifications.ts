import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@ovation/shared/schemas/notifications';
import { kudos } from './feed.ts';
import { members } from './members.ts';

/** In-app notifications (the header bell): written with what caused them (decision 0026). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actorMemberId: integer('actor_member_id').references(() => members.id, { onDelete: 'set null' }),
    messageLogId: bigint('message_log_id', { mode: 'number' }).references(() => kudos.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    /** Of `points`, what a points upload credited to the member's team budget (kind 'upload'). */
    teamPoints: integer('team_points').notNull().default(0),
    /** The reaction (1 Like, 2 Cheer, 3 Support) for kind 'reaction'. */
    reaction: smallint('reaction'),
    /** The rewards order and its new status for kind 'order' (decision 0027). */
    orderId: bigint('order_id', { mode: 'number' }),
    orderStatus: text('order_status'),
    /** The award nomination for kinds 'award_*' (issue 41). */
    awardNominationId: bigint('award_nomination_id', { mode: 'number' }),
    /** The service milestone for kinds 'milestone_*' (decision 0108). */
    serviceMilestoneId: bigint('service_milestone_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_member_created_idx').on(t.memberId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.memberId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** A member's choices; no row means the defaults (every e-mail on, the digest on, celebrations shown). */
export const memberPreferences = pgTable('member_preferences', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  emailRecognised: boolean('email_recognised').notNull().default(true),
  emailHigh5: boolean('email_high5').notNull().default(true),
  emailPoints: boolean('email_points').notNull().default(true),
  emailReaction: boolean('email_reaction').notNull().default(true),
  weeklyDigest: boolean('weekly_digest').notNull().default(true),
  /** Null: the firm's setting `hideCelebrationsByDefault` applies (decision 0026). */
  hideCelebrations: boolean('hide_celebrations'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per member and week whose digest was handled (sent or found empty): the primary key
 * makes the weekly digest go out once per member and week, however many instances run the
 * scheduler (decision 0027).
 */
export const digestRuns = pgTable(
  'digest_runs',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The Monday (UTC) the digest's week starts on. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** Whether an e-mail was queued (false: nothing to tell that week). */
    queued: boolean('queued').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.weekStart] })],
);

/** Random secrets the server keeps across restarts and shares between instances, by name. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
