import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { memberTotp, signInChallenges } from '../../db/schema/index.ts';

export async function findTotp(db: Db, memberId: number) {
  const [row] = await db.select().from(memberTotp).where(eq(memberTotp.memberId, memberId)).limit(1);
  return row;
}

export async function isTotpEnrolled(db: Db, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ id: memberTotp.memberId })
    .from(memberTotp)
    .where(and(eq(memberTotp.memberId, memberId), isNotNull(memberTotp.confirmedAt)))
    .limit(1);
  return rows.length === 1;
}

/** Starts (or restarts) an unconfirmed enrolment with a new secret. */
export async function saveUnconfirmedTotp(db: Db, memberId: number, secret: string) {
  await db
    .insert(memberTotp)
    .values({ memberId, secret })
    .onConflictDoUpdate({ target: memberTotp.memberId, set: { secret, confirmedAt: null, recoveryCodeHashes: [] } });
}

/** Confirms the second factor; the confirming code's time step counts as used (issue 43, L2). */
export async function confirmTotp(db: Db, memberId: number, recoveryCodeHashes: string[], usedStep: number) {
  await db
    .update(memberTotp)
    .set({ confirmedAt: new Date(), recoveryCodeHashes, lastUsedStep: usedStep })
    .where(and(eq(memberTotp.memberId, memberId), isNull(memberTotp.confirmedAt)));
}

/** Replaces a confirmed second factor's recovery codes (the old ones stop working). */
export async function replaceRecoveryCodes(db: Db, memberId: number, recoveryCodeHashes: string[]) {
  await db
    .update(memberTotp)
    .set({ recoveryCodeHashes })
    .where(and(eq(memberTotp.memberId, memberId), isNotNull(memberTotp.confirmedAt)));
}

export async function deleteTotp(db: Db, memberId: number) {
  await db.delete(memberTotp).where(eq(memberTotp.memberId, memberId));
}

/** Records the accepted code's time step; false when that step (or a later one) was used: a replay. */
export async function useTotpStep(db: Db, memberId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(memberTotp)
    .set({ lastUsedStep: step })
    .where(
      and(eq(memberTotp.memberId, memberId), or(isNull(memberTotp.lastUsedStep), lt(memberTotp.lastUsedStep, step))),
    )
    .returning({ id: memberTotp.memberId });
  return rows.length === 1;
}

/** Removes one recovery code (by hash); false when it is not (or no longer) there. */
export async function useRecoveryCode(db: Db, memberId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(memberTotp)
    .set({ recoveryCodeHashes: sql`array_remove(${memberTotp.recoveryCodeHashes}, ${codeHash})` })
    .where(and(eq(memberTotp.memberId, memberId), sql`${codeHash} = any(${memberTotp.recoveryCodeHashes})`))
    .returning({ id: memberTotp.memberId });
  return rows.length === 1;
}

export async function insertChallenge(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(signInChallenges).values({ memberId, tokenHash, expiresAt });
}

/**
 * Counts one code attempt on a live challenge before the code is checked (atomic: parallel
 * guesses cannot pass the limit); returns its member, or undefined when unknown, spent,
 * expired or out of attempts.
 */
export async function countChallengeAttempt(db: Db, tokenHash: string, maxAttempts: number) {
  const [row] = await db
    .update(signInChallenges)
    .set({ failedCodes: sql`${signInChallenges.failedCodes} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, tokenHash),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, new Date()),
        lt(signInChallenges.failedCodes, maxAttempts),
      ),
    )
    .returning({ memberId: signInChallenges.memberId });
  return row?.memberId;
}

/** Spends a challenge once its code was right; false when another request spent it first. */
export async function spendChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(signInChallenges.tokenHash, tokenHash), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}
