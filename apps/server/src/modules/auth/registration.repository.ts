import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { registrationTokens } from '../../db/schema/index.ts';

export async function insertRegistrationToken(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(registrationTokens).values({ memberId, tokenHash, expiresAt });
}

/** Marks a live activation token used and returns its member; undefined when unknown, used or expired. */
export async function consumeRegistrationToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(registrationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(registrationTokens.tokenHash, tokenHash),
        isNull(registrationTokens.usedAt),
        gt(registrationTokens.expiresAt, new Date()),
      ),
    )
    .returning({ memberId: registrationTokens.memberId });
  return row?.memberId;
}

/** True when the activation token is known, unused and unexpired (does not consume it). */
export async function isLiveRegistrationToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: registrationTokens.id })
    .from(registrationTokens)
    .where(
      and(
        eq(registrationTokens.tokenHash, tokenHash),
        isNull(registrationTokens.usedAt),
        gt(registrationTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows.length === 1;
}

/** Once a member has activated, every other link sent to them stops working. */
export async function retireRegistrationTokens(db: Db, memberId: number) {
  await db
    .update(registrationTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(registrationTokens.memberId, memberId), isNull(registrationTokens.usedAt)));
}
