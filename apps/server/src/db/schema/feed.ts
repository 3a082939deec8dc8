import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { KUDOS_KINDS } from '@ovation/shared/vocabulary';
import { divisions, members } from './members.ts';

/** The firm's behaviours a recognition is labelled with (the Kudos item's f3). */
export const behaviours = pgTable('behaviours', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  sort: smallint('sort').notNull().default(0),
});

/**
 * One Kudos Thread item per recipient: a recognition (labelled with its behaviour), a High
 * Five (no behaviour, shown as 'High Five') or a Pay It Forward. Reaction counts are cached
 * here and changed in the same transaction as the reaction rows.
 */
export const kudos = pgTable(
  'kudos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: KUDOS_KINDS }).notNull(),
    fromMemberId: integer('from_member_id')
      .notNull()
      .references(() => members.id),
    toMemberId: integer('to_member_id')
      .notNull()
      .references(() => members.id),
    behaviourId: integer('behaviour_id').references(() => behaviours.id),
    message: text('message').notNull(),
    /** What an award is (its programme and level), shown as the item's label (kind 'award'). */
    label: text('label'),
    points: integer('points').notNull().default(0),
    /** The ledger transaction that moved points with this item, if any. */
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    likeCount: integer('like_count').notNull().default(0),
    cheerCount: integer('cheer_count').notNull().default(0),
    supportCount: integer('support_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('kudos_kind_ck', sql`${t.kind} in (${sql.raw(KUDOS_KINDS.map((k) => `'${k}'`).join(', '))})`),
    check('kudos_counts_ck', sql`${t.likeCount} >= 0 and ${t.cheerCount} >= 0 and ${t.supportCount} >= 0`),
    index('kudos_to_member_idx').on(t.toMemberId, t.id),
    index('kudos_from_member_idx').on(t.fromMemberId, t.id),
    index('kudos_behaviour_created_idx').on(t.behaviourId, t.createdAt),
    index('kudos_created_idx').on(t.createdAt),
  ],
);

/** One reaction of a kind per member per item: the primary key makes repeats impossible. */
export const kudosReactions = pgTable(
  'kudos_reactions',
  {
    kudosId: bigint('kudos_id', { mode: 'number' })
      .notNull()
      .references(() => kudos.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kudosId, t.kind, t.memberId] }),
    check('kudos_reactions_kind_ck', sql`${t.kind} between 1 and 3`),
    index('kudos_reactions_member_idx').on(t.memberId, t.kudosId),
    // The newest names of a kind for an item (reactedUser*): a backward range scan, limit 25.
    index('kudos_reactions_recent_idx').on(t.kudosId, t.kind, t.createdAt, t.memberId),
  ],
);

/** News ticker entries (the news bulletin admin screen edits them). */
export const newsEntries = pgTable('news_entries', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  active: boolean('active').notNull().default(true),
  sort: smallint('sort').notNull().default(0),
  /** Shown from / until (null = no bound); the ticker serves only what is current. */
  showFrom: timestamp('show_from', { withTimezone: true }),
  showUntil: timestamp('show_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Home banner carousel slides (spec: 10 slides). */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  text: text('text').notNull().default(''),
  linkUrl: text('link_url').notNull().default(''),
  linkText: text('link_text').notNull().default(''),
  /** A theme colour name the web app maps to its palette. */
  theme: text('theme').notNull().default('teal'),
  sort: smallint('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Mood choices: value 1 happy, 2 average, 3 unhappy. */
export const moodDescriptions = pgTable('mood_descriptions', {
  id: serial('id').primaryKey(),
  description: text('description').notNull(),
  value: smallint('value').notNull(),
});

/** One mood per member per day; choosing again replaces it. */
export const moodCheckins = pgTable(
  'mood_checkins',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    value: smallint('value').notNull(),
    /**
     * The member's division when they checked in, set by the database (trigger
     * mood_checkin_division, decision 0078): mood figures group by it, so a later move between
     * divisions does not change the figures of weeks already published.
     */
    divisionId: integer('division_id').references(() => divisions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    check('mood_checkins_value_ck', sql`${t.value} between 1 and 3`),
    index('mood_checkins_day_idx').on(t.day),
  ],
);
