import { and, asc, eq, sql } from 'drizzle-orm';
import type { DeliveryAddress } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import { basketLines, memberAddresses, members, rewards } from '../../db/schema/index.ts';

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

/**
 * Removes the lines a checkout took, each only as it was read (same quantity and agreed price),
 * answering their item ids; lines added meanwhile stay. Checkout refuses unless every line it
 * read was removed, so two checkouts of one basket cannot both be charged (a query: awaited, it
 * runs; checkout sends it as a statement).
 */
export function removeBasketLines(
  db: Db,
  memberId: number,
  lines: { rewardId: number; quantity: number; agreedPointsCost: number }[],
) {
  const read = JSON.stringify(lines.map((l) => ({ r: l.rewardId, q: l.quantity, c: l.agreedPointsCost })));
  return db
    .delete(basketLines)
    .where(
      and(
        eq(basketLines.memberId, memberId),
        sql`(${basketLines.rewardId}, ${basketLines.quantity}, ${basketLines.agreedPointsCost}) in
            (select x.r, x.q, x.c from jsonb_to_recordset(${read}::jsonb) as x(r int, q int, c int))`,
      ),
    )
    .returning({ rewardId: basketLines.rewardId });
}

/**
 * The member's basket lines with today's item rows (oldest first), the remembered delivery
 * address and the member's contact details for a confirmation, in one query: the basket screen
 * and a checkout read them with one round trip on one connection.
 */
export async function findBasket(db: Db, memberId: number) {
  const rows = await db
    .select({
      contact: { id: members.id, email: members.email, firstName: members.firstName, surname: members.surname },
      address: memberAddresses.address,
      line: basketLines,
      reward: rewards,
    })
    .from(members)
    .leftJoin(memberAddresses, eq(memberAddresses.memberId, members.id))
    .leftJoin(basketLines, eq(basketLines.memberId, members.id))
    .leftJoin(rewards, eq(rewards.id, basketLines.rewardId))
    .where(eq(members.id, memberId))
    .orderBy(asc(basketLines.addedAt), asc(basketLines.rewardId));
  const [first] = rows;
  return {
    contact: first?.contact,
    saved: (first?.address as DeliveryAddress | null | undefined) ?? null,
    lines: rows.flatMap(({ line, reward }) => (line && reward ? [{ line, reward }] : [])),
  };
}

/** Remembers the member's delivery address (a query: awaited, it runs; checkout sends it as a statement). */
export function saveAddress(db: Db, memberId: number, address: DeliveryAddress) {
  return db
    .insert(memberAddresses)
    .values({ memberId, address })
    .onConflictDoUpdate({ target: memberAddresses.memberId, set: { address, updatedAt: sql`now()` } });
}
