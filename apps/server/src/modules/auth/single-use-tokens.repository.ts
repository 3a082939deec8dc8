import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { passwordResetTokens, registrationTokens } from '../../db/schema/index.ts';

type TokenTable = typeof passwordResetTokens | typeof registrationTokens;

/**
 * A store of single-use, expiring tokens kept only as hashes: password resets and account
 * activations. A token works once, before it expires, and is retired when a newer proof makes it
 * moot.
 */
function singleUseTokens(table: TokenTable) {
  const live = (tokenHash: string) =>
    and(eq(table.tokenHash, tokenHash), isNull(table.usedAt), gt(table.expiresAt, new Date()));
  return {
    async insert(db: Db, memberId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(table).values({ memberId, tokenHash, expiresAt });
    },
    /** Marks a live token used and answers its member; undefined when unknown, used or expired. */
    async consume(db: Db, tokenHash: string): Promise<number | undefined> {
      const [row] = await db
        .update(table)
        .set({ usedAt: new Date() })
        .where(live(tokenHash))
        .returning({ memberId: table.memberId });
      return row?.memberId;
    },
    /** The member of a token known, unused and unexpired (it stays unused); undefined otherwise. */
    async liveMember(db: Db, tokenHash: string): Promise<number | undefined> {
      const [row] = await db.select({ memberId: table.memberId }).from(table).where(live(tokenHash)).limit(1);
      return row?.memberId;
    },
    /** Every token of the member still unused stops working. */
    async retire(db: Db, memberId: number, at = new Date()) {
      await db
        .update(table)
        .set({ usedAt: at })
        .where(and(eq(table.memberId, memberId), isNull(table.usedAt)));
    },
  };
}

/** Password reset links (30 minutes). */
export const resetTokens = singleUseTokens(passwordResetTokens);
/** Activation links of /register (24 hours). */
export const activationTokens = singleUseTokens(registrationTokens);
