import type { RewardItem } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-errors.ts';
import { findCategory, findReward } from './catalogue.repository.ts';
import { presentRewardItem } from './rewards.presenter.ts';

/** An item of the catalogue; withdrawn items are not found. */
export async function getReward(db: Db, rewardId: number): Promise<RewardItem> {
  const row = await findReward(db, rewardId);
  if (!row || !row.active) throw notFound('This reward is no longer available.');
  const category = await findCategory(db, row.categoryId);
  return presentRewardItem(row, category!);
}
