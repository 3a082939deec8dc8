import type { Db } from '../../db/client.ts';
import { findViewerReactions, type KudosRow } from './kudos-feed.repository.ts';
import { toNumber } from '../../lib/sql-rows.ts';

export interface ViewerFlags {
  userLiked: boolean;
  userCheered: boolean;
  userSupported: boolean;
}

/** The viewer's flags by kudos id; an item missing from the map has none set. */
export type ViewerFlagsById = ReadonlyMap<number, ViewerFlags>;

export const NO_FLAGS: ViewerFlags = Object.freeze({ userLiked: false, userCheered: false, userSupported: false });
const FLAG_BY_KIND = { 1: 'userLiked', 2: 'userCheered', 3: 'userSupported' } as const;

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
