import type { LiveEvent } from '../live/live-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { KudosPage, KudosRow } from './kudos-feed.repository.ts';
import type { ViewerFlagsById } from './viewer-flags.ts';

/** Per-instance caches of the Kudos Thread (FEED_CACHE_SECONDS, at most 10 s; 0 in tests). */
export interface KudosCaches {
  /**
   * Kudos Thread pages without the viewer's own flags (those are in viewerFlags), kept at most
   * 10 s. A reaction (from any instance, through LISTEN/NOTIFY) updates the one item it
   * touches wherever it is cached; a new kudos drops the pages it shifts (the unanchored ones).
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
  /** Re-read items are applied in the order their reads began (the last read sees the last commit). */
  rereads: Promise<void>;
}

const KUDOS_PAGES_MAX_TTL_MS = 10_000;
const VIEWER_FLAGS_MAX_ENTRIES = 20_000;
const MAX_TRACKED_MEMBERS = 200_000;

export function createKudosCaches(ttlMs: number): KudosCaches {
  return {
    kudosPages: new TtlCache(Math.min(ttlMs, KUDOS_PAGES_MAX_TTL_MS)),
    viewerFlags: new TtlCache(Math.min(ttlMs, KUDOS_PAGES_MAX_TTL_MS), Date.now, VIEWER_FLAGS_MAX_ENTRIES),
    flagsGeneration: new Map(),
    rereads: Promise.resolve(),
  };
}

/** The cache key of a member's flags on these items (their ids, in page order). */
export function viewerFlagsKey(caches: KudosCaches, memberId: number, rows: KudosPage['rows']): string {
  const generation = caches.flagsGeneration.get(memberId) ?? 0;
  return `${memberId}:${generation}|${rows.map((row) => row.messageLogId).join(',')}`;
}

/** The fields of an item that a reaction changes (the same for every viewer). */
const REACTION_FIELDS = [
  'likeCount',
  'cheerCount',
  'supportCount',
  'reactedUserLiked',
  'reactedUserCheered',
  'reactedUserSupported',
] as const;

/**
 * Puts an item's new counts and names into every cached page that holds it. Pages are
 * replaced, never changed in place (their serialised form is kept per page object).
 */
export function patchKudosItem(caches: KudosCaches, fresh: KudosRow): void {
  const id = String(fresh.messageLogId);
  caches.kudosPages.update((page) => {
    const at = page.rows.findIndex((row) => String(row.messageLogId) === id);
    if (at < 0) return page;
    const rows = [...page.rows];
    const patched = { ...rows[at]! };
    for (const field of REACTION_FIELDS) (patched as Record<string, unknown>)[field] = fresh[field];
    rows[at] = patched;
    return { ...page, rows };
  });
}

/** Pages that a new kudos shifts: the latest ones and Home's recent items (anchored pages stay). */
const isUnanchored = (key: string) => key === 'recent' || key.startsWith('latest:');

/**
 * After a live event: a new kudos shifts the unanchored pages; a reaction changes one item,
 * which is read again (`reread`, shared fields only) and put into the pages that hold it, and
 * only the reacting member's own flags (one without a member clears every member's).
 * Notification events change nothing here.
 */
export function onLiveEvent(
  caches: KudosCaches,
  event: LiveEvent,
  reread: (messageLogId: number) => Promise<KudosRow | undefined>,
): void {
  if (event.type === 'kudos') {
    caches.kudosPages.clearWhere(isUnanchored);
    return;
  }
  if (event.type !== 'reaction') return;
  const read = reread(event.data.messageLogId);
  read.catch(() => undefined);
  caches.rereads = caches.rereads
    .then(() => read)
    .then(
      (row) => (row ? patchKudosItem(caches, row) : caches.kudosPages.clear()),
      () => caches.kudosPages.clear(),
    );
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
