import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './identity.ts';

/**
 * A single sign-on attempt between GET /api/auth/oidc/start and the callback: the PKCE
 * verifier and nonce stay on the server, the state is stored hashed and used once, and the
 * browser that started it holds the binding cookie (docs/decisions/0025).
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('oidc_flows_state_hash_uq').on(t.stateHash), index('oidc_flows_expires_idx').on(t.expiresAt)],
);

/** The ID token behind a portal session opened by single sign-on: the hint for the provider's sign-out. */
export const oidcSessions = pgTable('oidc_sessions', {
  sessionId: bigint('session_id', { mode: 'number' })
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  idToken: text('id_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
