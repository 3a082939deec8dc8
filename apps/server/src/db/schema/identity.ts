import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { bytea } from './bytea.ts';

/** A member who has claimed their account has credentials. */
export const credentials = pgTable('credentials', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Last use, recorded at most once a minute: idle sessions are refused (SESSION_IDLE_MINUTES).
     * In no index, and the table keeps a third of each page free (fillfactor 70, migration 0024),
     * so recording it is a HOT update.
     */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

/** The columns of a single-use, expiring token kept only as its SHA-256 (resets, activations). */
export const singleUseTokenColumns = () => ({
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: text('token_hash').notNull(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Single-use, short-lived password reset tokens, stored hashed. */
export const passwordResetTokens = pgTable('password_reset_tokens', singleUseTokenColumns(), (t) => [
  uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash),
  index('password_reset_member_idx').on(t.memberId),
]);

/** Profile pictures live in the database so that app instances stay stateless. */
export const profilePictures = pgTable(
  'profile_pictures',
  {
    picId: text('pic_id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_pictures_member_idx').on(t.memberId)],
);

/**
 * A member's TOTP second factor (docs/decisions/0037). `confirmedAt` null: enrolment started,
 * not yet proved with a code (sign-in does not ask for it). Recovery codes are stored hashed
 * (SHA-256, as tokens are); a used one is removed from the list.
 */
export const memberTotp = pgTable('member_totp', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
  /** The time step of the last accepted code: a code works once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The step between a right password and the TOTP code: a short-lived, single-use challenge
 * (only its hash stored) with its own count of wrong codes.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedCodes: integer('failed_codes').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sign_in_challenges_token_hash_uq').on(t.tokenHash)],
);
