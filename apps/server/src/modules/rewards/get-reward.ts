import type { RewardItem } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import { notFound } from '../../lib/app-errors.ts';
import { findCategory, findReward } from './catalogue.repository.ts';
import { findMemberTotals } from './orders.repository.ts';
import { presentRewardItem } from './rewards.presenter.ts';

/** An item of the catalogue, with how many the member already holds; withdrawn items are not found. */
export async function getReward(db: Db, memberId: number, rewardId: number): Promise<RewardItem> {
  const row = await findReward(db, rewardId);
  if (!row || !row.active) throw notFound('This reward is no longer available.');
  const [category, totals] = await Promise.all([
    findCategory(db, row.categoryId),
    row.memberLimit === null ? new Map<number, number>() : findMemberTotals(db, memberId, [rewardId]),
  ]);
  return presentRewardItem(row, category!, totals.get(rewardId) ?? 0);
}
