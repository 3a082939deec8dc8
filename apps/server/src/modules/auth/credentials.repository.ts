import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { credentials, signInChallenges } from '../../db/schema/index.ts';
import { activationTokens, resetTokens } from './single-use-tokens.repository.ts';

export async function findCredentials(db: Db, memberId: number) {
  const [row] = await db.select().from(credentials).where(eq(credentials.memberId, memberId)).limit(1);
  return row;
}

/** Inserts credentials; returns false when the member already has some (already registered). */
export async function insertCredentials(db: Db, memberId: number, passwordHash: string): Promise<boolean> {
  const rows = await db
    .insert(credentials)
    .values({ memberId, passwordHash })
    .onConflictDoNothing()
    .returning({ memberId: credentials.memberId });
  return rows.length === 1;
}

export async function updatePassword(db: Db, memberId: number, passwordHash: string) {
  await db.update(credentials).set({ passwordHash, updatedAt: new Date() }).where(eq(credentials.memberId, memberId));
}

/**
 * After the password or the e-mail address changes, nothing issued before works: reset and
 * activation links still in a mailbox (perhaps the old one), and sign-in challenges someone
 * earned with the old password.
 */
export async function retireOutstandingProofs(db: Db, memberId: number) {
  const now = new Date();
  await resetTokens.retire(db, memberId, now);
  await activationTokens.retire(db, memberId, now);
  await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.memberId, memberId), isNull(signInChallenges.usedAt)));
}
