import type { CatalogueItem, Fulfilment, RewardItem } from '@ovation/shared/schemas/rewards';
import type { RewardRow } from './catalogue.repository.ts';

export const REWARD_PICTURE_PATH = '/api/rewards/pictures';
export const DEFAULT_REWARD_PICTURE = 'default';

export const pictureUrl = (pictureId: string | null) => `${REWARD_PICTURE_PATH}/${pictureId ?? DEFAULT_REWARD_PICTURE}`;

export function presentCatalogueItem(row: RewardRow, categorySlug: string): CatalogueItem {
  return {
    rewardId: row.id,
    name: row.name,
    category: categorySlug,
    pointsCost: row.pointsCost,
    randValue: row.randValue,
    fulfilment: row.fulfilment as Fulfilment,
    stockLeft: row.stockLeft,
    pictureUrl: pictureUrl(row.pictureId),
  };
}

export function presentRewardItem(
  row: RewardRow,
  category: { slug: string; name: string },
  memberOrdered: number,
): RewardItem {
  return {
    ...presentCatalogueItem(row, category.slug),
    description: row.description,
    memberLimit: row.memberLimit,
    memberOrdered,
    categoryName: category.name,
  };
}
