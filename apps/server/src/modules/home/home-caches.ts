import type { CelebrationRow, GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { KudosCaches } from '../feed/kudos-caches.ts';
import type { LeaderboardRow } from './leaderboard.repository.ts';

/** The per-instance caches Home reads: the feature modules' own, plus the leaderboard. */
export interface HomeCaches {
  kudos: KudosCaches;
  celebrations: TtlCache<CelebrationRow[]>;
  getToKnow: TtlCache<GetToKnowCard[]>;
  leaderboard: TtlCache<LeaderboardRow[]>;
}
