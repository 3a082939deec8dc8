import type { HomeData } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/client.ts';
import { getTodaysCelebrations } from '../celebrations/get-celebrations.ts';
import { findKudosPage } from '../feed/kudos-feed.repository.ts';
import { presentKudosItem } from '../feed/kudos.presenter.ts';
import { getHomeCards } from '../gettoknow/get-to-know.ts';
import type { FeedCaches } from './feed-caches.ts';
import { findLeaderboard } from './leaderboard.repository.ts';

export const RECENT_RECOGNITION = 5;

export interface HomeDeps {
  db: Db;
  caches: FeedCaches;
  secret: Buffer;
}

/**
 * The Home screen's data in one call. The latest items carry the viewer's own flags, so they
 * are read fresh; the aggregates come from the per-instance caches.
 */
export async function getHomeData(deps: HomeDeps, viewerId: number): Promise<HomeData> {
  const [recent, getToKnow, celebrations, leaderboard] = await Promise.all([
    findKudosPage(deps.db, viewerId, 1, undefined, RECENT_RECOGNITION),
    getHomeCards(deps.db, deps.caches, viewerId),
    getTodaysCelebrations(deps),
    deps.caches.leaderboard.get('leaderboard', () => findLeaderboard(deps.db)),
  ]);
  return {
    recentRecognition: recent.rows.map((row) => ({ ...presentKudosItem(row) })),
    getToKnow,
    celebrations,
    leaderboard,
  };
}
