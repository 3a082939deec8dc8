import type { CelebrationRow, GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { LeaderboardRow } from './leaderboard.repository.ts';
import { TtlCache } from './ttl-cache.ts';

/** Per-instance caches of the Home aggregates (FEED_CACHE_SECONDS; 0 in tests). */
export interface FeedCaches {
  celebrations: TtlCache<CelebrationRow[]>;
  leaderboard: TtlCache<LeaderboardRow[]>;
  trending: TtlCache<{ name: string; total: number }[]>;
  getToKnow: TtlCache<GetToKnowCard[]>;
}

export function createFeedCaches(ttlMs: number): FeedCaches {
  return {
    celebrations: new TtlCache(ttlMs),
    leaderboard: new TtlCache(ttlMs),
    trending: new TtlCache(ttlMs),
    getToKnow: new TtlCache(ttlMs),
  };
}
