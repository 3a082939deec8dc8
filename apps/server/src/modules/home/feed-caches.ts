import type { CelebrationRow, GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { KudosPage } from '../feed/kudos-feed.repository.ts';
import type { ViewerFlagsById } from '../feed/viewer-flags.ts';
import type { LiveEvent } from '../live/live-bus.ts';
import type { LeaderboardRow } from './leaderboard.repository.ts';
import { TtlCache } from './ttl-cache.ts';

/** Per-instance caches of the Home aggregates (FEED_CACHE_SECONDS; 0 in tests). */
export interface FeedCaches {
  celebrations: TtlCache<CelebrationRow[]>;
  leaderboard: TtlCache<LeaderboardRow[]>;
  trending: TtlCache<{ name: string; total: number }[]>;
  getToKnow: TtlCache<GetToKnowCard[]>;
  /**
   * Kudos Thread pages without the viewer's own flags (those are in viewerFlags). Cleared on
   * every live event — from any instance, through LISTEN/NOTIFY — and kept at most 10 s.
   */
  kudosPages: TtlCache<KudosPage>;
  /**
   * A member's own Like / Cheer / Support flags on a set of items (viewerFlagsKey), kept at
   * most 10 s and bounded in size. They change only when that member reacts: their reaction
   * event (from any instance) moves them to a new generation, so older entries are never read
   * again. Other members' reactions leave them be.
   */
  viewerFlags: TtlCache<ViewerFlagsById>;
  /** Per member, how many of their reactions this instance has heard of. */
  flagsGeneration: Map<number, number>;
}

const KUDOS_PAGES_MAX_TTL_MS = 10_000;
const VIEWER_FLAGS_MAX_ENTRIES = 20_000;
const MAX_TRACKED_MEMBERS = 200_000;

export function createFeedCaches(ttlMs: number): FeedCaches {
  return {
    celebrations: new TtlCache(ttlMs),
    leaderboard: new TtlCache(ttlMs),
    trending: new TtlCache(ttlMs),
    getToKnow: new TtlCache(ttlMs),
    kudosPages: new TtlCache(Math.min(ttlMs, KUDOS_PAGES_MAX_TTL_MS)),
    viewerFlags: new TtlCache(Math.min(ttlMs, KUDOS_PAGES_MAX_TTL_MS), Date.now, VIEWER_FLAGS_MAX_ENTRIES),
    flagsGeneration: new Map(),
  };
}

/** The cache key of a member's flags on these items (their ids, in page order). */
export function viewerFlagsKey(caches: FeedCaches, memberId: number, rows: KudosPage['rows']): string {
  const generation = caches.flagsGeneration.get(memberId) ?? 0;
  return `${memberId}:${generation}|${rows.map((row) => row.messageLogId).join(',')}`;
}

/**
 * After a live event: any new kudos or reaction may change what a shared page shows; only a
 * member's own reaction changes their flags (one without a member clears every member's).
 */
export function onLiveEvent(caches: FeedCaches, event: LiveEvent): void {
  caches.kudosPages.clear();
  if (event.type !== 'reaction') return;
  if (event.memberId === undefined) {
    caches.viewerFlags.clear();
    return;
  }
  if (caches.flagsGeneration.size > MAX_TRACKED_MEMBERS) {
    // Starting generations again at 0 must not revive old entries.
    caches.flagsGeneration.clear();
    caches.viewerFlags.clear();
  }
  caches.flagsGeneration.set(event.memberId, (caches.flagsGeneration.get(event.memberId) ?? 0) + 1);
}
