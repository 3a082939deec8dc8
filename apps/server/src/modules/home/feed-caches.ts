import type { CelebrationRow, GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { KudosPage } from '../feed/kudos-feed.repository.ts';
import type { LeaderboardRow } from './leaderboard.repository.ts';
import { TtlCache } from './ttl-cache.ts';

/** Per-instance caches of the Home aggregates (FEED_CACHE_SECONDS; 0 in tests). */
export interface FeedCaches {
  celebrations: TtlCache<CelebrationRow[]>;
  leaderboard: TtlCache<LeaderboardRow[]>;
  trending: TtlCache<{ name: string; total: number }[]>;
  getToKnow: TtlCache<GetToKnowCard[]>;
  /**
   * Kudos Thread pages without the viewer's own flags (those are read per request). Cleared on
   * every live event — from any instance, through LISTEN/NOTIFY — and kept at most 10 s.
   */
  kudosPages: TtlCache<KudosPage>;
}

const KUDOS_PAGES_MAX_TTL_MS = 10_000;

export function createFeedCaches(ttlMs: number): FeedCaches {
  return {
    celebrations: new TtlCache(ttlMs),
    leaderboard: new TtlCache(ttlMs),
    trending: new TtlCache(ttlMs),
    getToKnow: new TtlCache(ttlMs),
    kudosPages: new TtlCache(Math.min(ttlMs, KUDOS_PAGES_MAX_TTL_MS)),
  };
}
