import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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
 * read was removed, so two checkouts of one basket cannot both be charged (SQL for the
 * checkout's statement).
 */
export function removeBasketLinesSql(
  memberId: number,
  lines: { rewardId: number; quantity: number; agreedPointsCost: number }[],
): SQL {
  const read = JSON.stringify(lines.map((l) => ({ r: l.rewardId, q: l.quantity, c: l.agreedPointsCost })));
  return sql`delete from basket_lines
             where member_id = ${memberId}::int
               and (reward_id, quantity, agreed_points_cost) in
                   (select x.r, x.q, x.c from jsonb_to_recordset(${read}::jsonb) as x(r int, q int, c int))
             returning reward_id`;
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

/** Remembers the member's delivery address (SQL: checkout sends it as a statement, the seed runs it). */
export function saveAddressSql(memberId: number, address: DeliveryAddress): SQL {
  return sql`insert into member_addresses (member_id, address) values (${memberId}::int, ${JSON.stringify(address)}::jsonb)
             on conflict (member_id) do update set address = excluded.address, updated_at = now()`;
}
