import type { LiveEvent } from '../../core/live/live-bus.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { KudosPage, KudosRow } from './kudos-feed.repository.ts';
import type { ViewerFlagsById } from './item-reactors.ts';

/** Per-instance caches of the Kudos Thread (FEED_CACHE_SECONDS, at most 10 s; 0 in tests). */
export interface KudosCaches {
  /**
   * Kudos Thread pages without the viewer's own flags, kept at most 10 s; each row holds who
   * reacted to it (its `reactors`), from which each viewer's flags are worked out (decision
   * 0048). A reaction (from any instance, through LISTEN/NOTIFY) updates the one item it
   * touches wherever it is cached, reactors included; a new kudos drops the pages it shifts
   * (the unanchored ones).
   */
  kudosPages: TtlCache<KudosPage>;
  /**
   * A member's own Like / Cheer / Support flags on the items of a page whose reactors are not
   * held (more than REACTORS_HELD_MAX reactions; viewerFlagsKey), kept at most 10 s and bounded
   * in size. They change only when that member reacts: their reaction
   * event (from any instance) moves them to a new generation, so older entries are never read
   * again. Other members' reactions leave them be.
   */
  viewerFlags: TtlCache<ViewerFlagsById>;
  /** Per member, how many of their reactions this instance has heard of. */
  flagsGeneration: Map<number, number>;
  /** Re-read items are applied in the order their reads began (the last read sees the last commit). */
  rereads: Promise<void>;
  /**
   * Reads of pages and items are numbered as they begin; a cached row keeps the number of the
   * read it came from, and an item read is never put over a row from a read that began later
   * (decision 0048: the reacting member's own flag, put in at once, is not undone by an older read).
   */
  readsBegun: number;
}

/** The number of the read each cached row came from (rows are never changed in place). */
const readOf = new WeakMap<KudosRow, number>();

/** Numbers a read of pages or items as it begins (see KudosCaches.readsBegun). */
export function beginRead(caches: KudosCaches): number {
  return ++caches.readsBegun;
}

/** A page through the cache, its rows marked with the number of the read that made them. */
export function cachedPage(caches: KudosCaches, key: string, load: () => Promise<KudosPage>): Promise<KudosPage> {
  return caches.kudosPages.get(key, () => {
    const read = beginRead(caches);
    return load().then((page) => {
      for (const row of page.rows) readOf.set(row, read);
      return page;
    });
  });
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
    readsBegun: 0,
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
  'reactors',
] as const;

/**
 * Puts an item's new counts, names and reactors, from the read numbered `read`, into every
 * cached page that holds it — unless that page's row came from a read that began later. Pages
 * are replaced, never changed in place (their serialised form is kept per page object).
 */
export function patchKudosItem(caches: KudosCaches, fresh: KudosRow, read: number): void {
  const id = String(fresh.messageLogId);
  caches.kudosPages.update((page) => {
    const at = page.rows.findIndex((row) => String(row.messageLogId) === id);
    if (at < 0 || (readOf.get(page.rows[at]!) ?? 0) > read) return page;
    const rows = [...page.rows];
    const patched = { ...rows[at]! };
    for (const field of REACTION_FIELDS) (patched as Record<string, unknown>)[field] = fresh[field];
    readOf.set(patched, read);
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
  const number = beginRead(caches);
  const read = reread(event.data.messageLogId);
  read.catch(() => undefined);
  caches.rereads = caches.rereads
    .then(() => read)
    .then(
      (row) => (row ? patchKudosItem(caches, row, number) : caches.kudosPages.clear()),
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
