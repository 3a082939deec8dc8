import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { members, oidcFlows, oidcSessions } from '../../db/schema/index.ts';

export async function insertFlow(
  db: Db,
  flow: { stateHash: string; browserHash: string; codeVerifier: string; nonce: string; expiresAt: Date },
) {
  await db.insert(oidcFlows).values(flow);
}

/** Flows that were never finished leave no trace beyond their expiry. */
export async function deleteExpiredFlows(db: Db) {
  await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, sql`now() - interval '1 day'`));
}

/**
 * Marks a live flow used and returns it; undefined when unknown, already used, expired or
 * started in another browser (which leaves it for the browser that started it).
 */
export async function consumeFlow(db: Db, stateHash: string, browserHash: string) {
  const [row] = await db
    .update(oidcFlows)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oidcFlows.stateHash, stateHash),
        eq(oidcFlows.browserHash, browserHash),
        isNull(oidcFlows.usedAt),
        gt(oidcFlows.expiresAt, sql`now()`),
      ),
    )
    .returning({ codeVerifier: oidcFlows.codeVerifier, nonce: oidcFlows.nonce });
  return row;
}

/** The member with this e-mail address or employee number, active or not. */
export async function findMemberBy(db: Db, field: 'email' | 'employeeNumber', value: string) {
  const where =
    field === 'email' ? sql`lower(${members.email}) = ${value.toLowerCase()}` : eq(members.employeeNumber, value);
  const [row] = await db.select({ id: members.id, active: members.active }).from(members).where(where).limit(1);
  return row;
}

/** The member's first single sign-on registers them, without a portal password (decision 0086). */
export async function markSsoRegistered(db: Db, memberId: number) {
  await db
    .update(members)
    .set({ ssoRegisteredAt: sql`coalesce(${members.ssoRegisteredAt}, now())` })
    .where(and(eq(members.id, memberId), isNull(members.ssoRegisteredAt)));
}

export async function insertOidcSession(db: Db, sessionId: number, idToken: string) {
  await db.insert(oidcSessions).values({ sessionId, idToken });
}

/** The ID token of a single sign-on session, removed as it is read (sign-out uses it once). */
export async function takeOidcSession(db: Db, sessionId: number) {
  const [row] = await db
    .delete(oidcSessions)
    .where(eq(oidcSessions.sessionId, sessionId))
    .returning({ idToken: oidcSessions.idToken });
  return row?.idToken;
}
