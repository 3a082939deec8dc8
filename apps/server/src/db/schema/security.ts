import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { singleUseTokenColumns } from './identity.ts';

/**
 * Single-use, expiring registration (activation) tokens, stored hashed: /register e-mails one
 * to the address on file, and only its holder can set the first password (issue 15 #3).
 */
export const registrationTokens = pgTable('registration_tokens', singleUseTokenColumns(), (t) => [
  uniqueIndex('registration_tokens_hash_uq').on(t.tokenHash),
  index('registration_tokens_member_idx').on(t.memberId),
]);

/**
 * Failed password sign-ins per account (the e-mail as typed, lower-case), whatever the IP, in
 * the database so that every app instance sees the same count (docs/decisions/0014).
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** How many times the account has been throttled lately: each throttle lasts longer. */
    throttles: smallint('throttles').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_throttle_updated_idx').on(t.updatedAt)],
);

/**
 * Shared rate-limit windows (core/limits/shared-rate-limiter.ts, docs/decisions/0003): one row per
 * limiter and hashed key, counted by one upsert per attempt, so a limit is exact across
 * instances. Ended windows are deleted now and then.
 */
export const rateLimitCounts = pgTable(
  'rate_limit_counts',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] }), index('rate_limit_counts_reset_idx').on(t.resetAt)],
);
