import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/client.ts';
import { basketLines, memberAddresses, rewards } from '../../db/schema/index.ts';

/** The member's basket lines with today's item rows, oldest first. */
export async function findBasket(db: Db, memberId: number) {
  return db
    .select({ line: basketLines, reward: rewards })
    .from(basketLines)
    .innerJoin(rewards, eq(rewards.id, basketLines.rewardId))
    .where(eq(basketLines.memberId, memberId))
    .orderBy(asc(basketLines.addedAt), asc(basketLines.rewardId));
}

/** Sets a line's quantity and the price the member agrees to (today's). */
export async function upsertBasketLine(
  db: Db,
  line: { memberId: number; rewardId: number; quantity: number; agreedPointsCost: number },
) {
  await db
    .insert(basketLines)
    .values(line)
    .onConflictDoUpdate({
      target: [basketLines.memberId, basketLines.rewardId],
      set: { quantity: line.quantity, agreedPointsCost: line.agreedPointsCost },
    });
}

export async function deleteBasketLine(db: Db, memberId: number, rewardId: number) {
  await db.delete(basketLines).where(and(eq(basketLines.memberId, memberId), eq(basketLines.rewardId, rewardId)));
}

/** Removes the lines a checkout took (lines added meanwhile stay). */
/** The basket lines of these items (a query: awaited, it runs; checkout sends it as a statement). */
export function removeBasketLines(db: Db, memberId: number, rewardIds: number[]) {
  return db
    .delete(basketLines)
    .where(and(eq(basketLines.memberId, memberId), inArray(basketLines.rewardId, rewardIds)));
}

export async function findAddress(db: Db, memberId: number): Promise<DeliveryAddress | null> {
  const [row] = await db.select().from(memberAddresses).where(eq(memberAddresses.memberId, memberId)).limit(1);
  return (row?.address as DeliveryAddress | undefined) ?? null;
}

/** Remembers the member's delivery address (a query: awaited, it runs; checkout sends it as a statement). */
export function saveAddress(db: Db, memberId: number, address: DeliveryAddress) {
  return db
    .insert(memberAddresses)
    .values({ memberId, address })
    .onConflictDoUpdate({ target: memberAddresses.memberId, set: { address, updatedAt: sql`now()` } });
}
