import { bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/** Content pages by key (stored lower-case); HTML is sanitized on write. */
export const contentPages = pgTable('content_pages', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  /** 'public' pages are readable anonymously; 'members' pages need a session. */
  audience: text('audience').notNull().default('public'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Outbound e-mail: sent through SMTP_URL when set, otherwise kept here for an admin to read. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Carries a secret (reset or activation link): the outbox API never shows its body. */
    sensitive: boolean('sensitive').notNull().default(false),
    /** After a failed delivery, not tried again before this time (back-off, decision 0027). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Where a reply goes (a support request's sender), when not to the portal's no-reply address. */
    replyTo: text('reply_to'),
  },
  // Pending first, those with a secret link (someone is waiting for it) before the rest.
  (t) => [index('email_outbox_pending_idx').on(t.sentAt, t.sensitive.desc().nullsFirst(), t.id)],
);

export const supportRequests = pgTable('support_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Programme settings (points name, client title, …) as JSON values by key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
