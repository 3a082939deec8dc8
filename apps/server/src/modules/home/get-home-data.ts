import type { HomeData } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/client.ts';
import { getTodaysCelebrations } from '../celebrations/get-celebrations.ts';
import { findKudosPage } from '../feed/kudos-feed.repository.ts';
import { withViewerFlags } from '../feed/viewer-flags.ts';
import { presentKudosItem } from '../feed/kudos.presenter.ts';
import { getHomeCards } from '../gettoknow/get-to-know.ts';
import type { FeedCaches } from './feed-caches.ts';
import { findLeaderboard } from './leaderboard.repository.ts';

export const RECENT_RECOGNITION = 5;
/**
 * Home carries at most this many of today's celebrations (a firm of 50 000 has ~270 a day);
 * the full list is POST /api/site/getcelebrations and the /celebrations page.
 */
export const HOME_CELEBRATIONS = 20;

export interface HomeDeps {
  db: Db;
  caches: FeedCaches;
  secret: Buffer;
}

/**
 * The Home screen's data in one call. The latest items are shared (cached like Kudos Thread
 * pages) with the viewer's own flags read fresh; the aggregates come from the per-instance caches.
 */
export async function getHomeData(deps: HomeDeps, viewerId: number): Promise<HomeData> {
  const [recent, getToKnow, celebrations, leaderboard] = await Promise.all([
    deps.caches.kudosPages
      .get('recent', () => findKudosPage(deps.db, null, 1, undefined, RECENT_RECOGNITION))
      .then((page) => withViewerFlags(deps.db, viewerId, page.rows)),
    getHomeCards(deps.db, deps.caches, viewerId),
    getTodaysCelebrations(deps),
    deps.caches.leaderboard.get('leaderboard', () => findLeaderboard(deps.db)),
  ]);
  return {
    recentRecognition: recent.map((row) => ({ ...presentKudosItem(row) })),
    getToKnow,
    celebrations: celebrations.slice(0, HOME_CELEBRATIONS),
    leaderboard,
  };
}
