import type { BasketLineRequest, BasketResponse } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import { businessRule, notFound } from '../../lib/app-errors.ts';
import { deleteBasketLine, upsertBasketLine } from './basket.repository.ts';
import { findReward } from './catalogue.repository.ts';
import { getBasket } from './get-basket.ts';
import { findMemberTotals } from './orders.repository.ts';

/**
 * Sets how many of an item the basket holds (0 removes it). Setting a quantity also accepts
 * today's price, which is how a member answers "the price changed".
 */
export async function setBasketLine(
  db: Db,
  memberId: number,
  rewardId: number,
  input: BasketLineRequest,
): Promise<BasketResponse> {
  if (input.quantity === 0) {
    await deleteBasketLine(db, memberId, rewardId);
    return getBasket(db, memberId);
  }
  const reward = await findReward(db, rewardId);
  if (!reward) throw notFound('This reward is no longer available.');
  if (!reward.active) throw businessRule(`${reward.name} has been withdrawn from the catalogue`);
  if (reward.stockLeft !== null && reward.stockLeft < input.quantity) {
    throw businessRule(
      reward.stockLeft === 0 ? `${reward.name} is sold out` : `Only ${reward.stockLeft} of ${reward.name} left`,
    );
  }
  if (reward.memberLimit !== null) {
    const held = (await findMemberTotals(db, memberId, [rewardId])).get(rewardId) ?? 0;
    if (held + input.quantity > reward.memberLimit) {
      const left = Math.max(reward.memberLimit - held, 0);
      throw businessRule(
        `You can order at most ${reward.memberLimit} of ${reward.name}` +
          (held > 0 ? ` (you have already ordered ${held}, so you can order ${left} more)` : ''),
      );
    }
  }
  await upsertBasketLine(db, { memberId, rewardId, quantity: input.quantity, agreedPointsCost: reward.pointsCost });
  return getBasket(db, memberId);
}
