import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';

/**
 * A token an integration presents instead of a session (issue 42, decision 0110): the
 * directory's SCIM client, or a script on the API. Only its SHA-256 is kept; it is shown once.
 * `scopes` are INTEGRATION_SCOPES. A script's calls act as the administrator who made the token,
 * with what that member may do at the time of each call.
 */
export const integrationTokens = pgTable(
  'integration_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters of the token, so an administrator can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The token this one replaced when rotated (that one is revoked in the same transaction). */
    rotatedFrom: integer('rotated_from'),
  },
  (t) => [uniqueIndex('integration_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * Each call the directory made (issue 42): what it asked, what it changed or why it was refused.
 * Append-only; the Integrations screen lists it and exports it.
 */
export const provisioningLog = pgTable(
  'provisioning_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    tokenId: integer('token_id').references(() => integrationTokens.id),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    memberId: integer('member_id').references(() => members.id),
    /** created | updated | unchanged | deactivated | reactivated | deleted | refused | read */
    outcome: text('outcome').notNull(),
    /** What changed (field names), or the refusal's detail. */
    detail: jsonb('detail')
      .$type<{ changed?: string[]; refusal?: string; scimType?: string }>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('provisioning_log_at_idx').on(t.at), index('provisioning_log_member_idx').on(t.memberId)],
);
