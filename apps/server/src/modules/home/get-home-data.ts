import type { Db } from '../../db/db.ts';
import { getTodaysCelebrations } from '../celebrations/get-celebrations.ts';
import { findKudosPage } from '../feed/kudos-feed.repository.ts';
import { viewerFlagsOn } from '../feed/viewer-flags.ts';
import { getTodaysCards, HOME_CARDS } from '../gettoknow/get-to-know.ts';
import { cachedPage } from '../feed/kudos-caches.ts';
import type { HomeCaches } from './home-caches.ts';
import { serializeHomeData } from './home-data.serializer.ts';
import { findLeaderboard } from './leaderboard.repository.ts';

export const RECENT_RECOGNITION = 5;
/**
 * Home carries at most this many of today's celebrations (a firm of 50 000 has ~270 a day);
 * the full list is POST /api/site/getcelebrations and the /celebrations page.
 */
export const HOME_CELEBRATIONS = 20;

export interface HomeDeps {
  db: Db;
  caches: HomeCaches;
  secret: Buffer;
}

/**
 * The Home screen's data in one call, as JSON text (HomeData). The latest items are shared
 * (cached like Kudos Thread pages, with who reacted to them: the viewer's own flags need no read); the aggregates
 * come from the per-instance caches and are serialised once per cache refresh.
 */
export async function getHomeData(deps: HomeDeps, viewerId: number): Promise<string> {
  const { kudos } = deps.caches;
  const [recent, cards, celebrations, leaderboard] = await Promise.all([
    cachedPage(kudos, 'recent', () => findKudosPage(deps.db, null, 1, undefined, RECENT_RECOGNITION)).then(
      async (page) => ({
        rows: page.rows,
        flags: await viewerFlagsOn({ db: deps.db, caches: kudos }, viewerId, page.rows),
      }),
    ),
    getTodaysCards(deps.db, deps.caches.getToKnow),
    getTodaysCelebrations({ db: deps.db, cache: deps.caches.celebrations, secret: deps.secret }),
    deps.caches.leaderboard.get('leaderboard', () => findLeaderboard(deps.db)),
  ]);
  return serializeHomeData({
    recent,
    cards,
    cardLimit: HOME_CARDS,
    celebrations,
    celebrationLimit: HOME_CELEBRATIONS,
    leaderboard,
    viewerId,
  });
}
