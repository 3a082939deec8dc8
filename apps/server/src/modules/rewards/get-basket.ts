import type { BasketLine, BasketResponse } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import { readMemberBalances } from '../../core/ledger/accounts.repository.ts';
import { findBasket } from './basket.repository.ts';
import type { RewardRow } from './catalogue.repository.ts';
import { pictureUrl } from './rewards.presenter.ts';

/** Why a line cannot be checked out as it stands, or null. */
export function unavailableReason(reward: RewardRow, quantity: number): string | null {
  if (!reward.active) return 'This reward has been withdrawn';
  if (reward.stockLeft !== null && reward.stockLeft === 0) return 'Sold out';
  if (reward.stockLeft !== null && reward.stockLeft < quantity) return `Only ${reward.stockLeft} left`;
  return null;
}

/** The member's basket at today's prices, with their balance and what it would be after checkout. */
export async function getBasket(db: Db, memberId: number): Promise<BasketResponse> {
  const [{ lines: rows, saved: savedAddress }, balances] = await Promise.all([
    findBasket(db, memberId),
    readMemberBalances(db, memberId),
  ]);
  const lines: BasketLine[] = rows.map(({ line, reward }) => ({
    rewardId: reward.id,
    name: reward.name,
    quantity: line.quantity,
    pointsCost: reward.pointsCost,
    lineTotal: reward.pointsCost * line.quantity,
    fulfilment: reward.fulfilment as BasketLine['fulfilment'],
    pictureUrl: pictureUrl(reward.pictureId),
    priceChangedFrom: line.agreedPointsCost === reward.pointsCost ? null : line.agreedPointsCost,
    unavailable: unavailableReason(reward, line.quantity),
  }));
  const totalPoints = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const balance = balances.awardsPointsAvailable;
  return {
    lines,
    totalPoints,
    balance,
    balanceAfter: balance - totalPoints,
    needsAddress: lines.some((l) => l.fulfilment === 'delivery'),
    savedAddress,
  };
}
