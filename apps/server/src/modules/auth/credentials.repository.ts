import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { credentials, passwordResetTokens, registrationTokens, signInChallenges } from '../../db/schema/index.ts';

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

export async function insertResetToken(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ memberId, tokenHash, expiresAt });
}

/** Marks a live token used and returns its member; undefined when unknown, used or expired. */
export async function consumeResetToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  return row?.memberId;
}

/** True when the token is known, unused and unexpired (does not consume it). */
export async function isLiveResetToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/**
 * After the password or the e-mail address changes, nothing issued before works: reset and
 * activation links still in a mailbox (perhaps the old one), and sign-in challenges someone
 * earned with the old password.
 */
export async function retireOutstandingProofs(db: Db, memberId: number) {
  const now = new Date();
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.memberId, memberId), isNull(passwordResetTokens.usedAt)));
  await db
    .update(registrationTokens)
    .set({ usedAt: now })
    .where(and(eq(registrationTokens.memberId, memberId), isNull(registrationTokens.usedAt)));
  await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.memberId, memberId), isNull(signInChallenges.usedAt)));
}
