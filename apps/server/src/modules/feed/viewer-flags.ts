import type { Db } from '../../db/db.ts';
import { findViewerReactions, type KudosRow } from './kudos-feed.repository.ts';
import { toNumber } from '../../db/sql-rows.ts';
import { FLAG_BY_KIND, flagsFrom, NO_FLAGS, type ViewerFlags, type ViewerFlagsById } from './item-reactors.ts';
import { viewerFlagsKey, type KudosCaches } from './kudos-caches.ts';

export { NO_FLAGS, type ViewerFlags, type ViewerFlagsById } from './item-reactors.ts';

const NONE: ViewerFlagsById = new Map();

/**
 * The viewer's own Like / Cheer / Support flags on shared (cacheable) rows, in one query —
 * and none at all when nobody reacted to any of them.
 */
export async function findViewerFlags(db: Db, viewerId: number, rows: KudosRow[]): Promise<ViewerFlagsById> {
  const reacted = rows.filter((r) => toNumber(r.likeCount) + toNumber(r.cheerCount) + toNumber(r.supportCount) > 0);
  const mine = await findViewerReactions(
    db,
    viewerId,
    reacted.map((r) => toNumber(r.messageLogId)),
  );
  const flags = new Map<number, ViewerFlags>();
  for (const { kudosId, kind } of mine) {
    const id = toNumber(kudosId);
    const flag = FLAG_BY_KIND[toNumber(kind) as keyof typeof FLAG_BY_KIND];
    if (flag) flags.set(id, { ...(flags.get(id) ?? NO_FLAGS), [flag]: true });
  }
  return flags;
}

/**
 * The viewer's own flags on shared, cached rows (decision 0048): from each row's reactors, with
 * no database read; only the items with more reactions than are held (none, as a rule) are
 * read, once per member and reaction generation (KudosCaches.viewerFlags).
 */
export function viewerFlagsOn(
  deps: { db: Db; caches: KudosCaches },
  viewerId: number,
  rows: KudosRow[],
): ViewerFlagsById | Promise<ViewerFlagsById> {
  let flags: Map<number, ViewerFlags> | undefined;
  let unheld: KudosRow[] | undefined;
  for (const row of rows) {
    if (row.reactors === undefined) {
      (unheld ??= []).push(row);
      continue;
    }
    const own = flagsFrom(row.reactors, viewerId);
    if (own !== NO_FLAGS) (flags ??= new Map()).set(toNumber(row.messageLogId), own);
  }
  if (!unheld) return flags ?? NONE;
  const read = unheld;
  return deps.caches.viewerFlags
    .get(viewerFlagsKey(deps.caches, viewerId, read), () => findViewerFlags(deps.db, viewerId, read))
    .then((found) => (flags ? new Map([...flags, ...found]) : found));
}
