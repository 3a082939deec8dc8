import type { Db } from '../../db/client.ts';
import { findViewerReactions, type KudosRow } from './kudos-feed.repository.ts';
import { toNumber } from './sql-rows.ts';

const FLAG_BY_KIND = { 1: 'userLiked', 2: 'userCheered', 3: 'userSupported' } as const;

/**
 * The viewer's own Like / Cheer / Support flags on shared (cacheable) rows, in one query —
 * and none at all when nobody reacted to any of them.
 */
export async function withViewerFlags(db: Db, viewerId: number, rows: KudosRow[]): Promise<KudosRow[]> {
  const reacted = rows.filter((r) => toNumber(r.likeCount) + toNumber(r.cheerCount) + toNumber(r.supportCount) > 0);
  const mine = await findViewerReactions(
    db,
    viewerId,
    reacted.map((r) => toNumber(r.messageLogId)),
  );
  const flags = new Map<number, Set<number>>();
  for (const { kudosId, kind } of mine) {
    const id = toNumber(kudosId);
    if (!flags.has(id)) flags.set(id, new Set());
    flags.get(id)!.add(toNumber(kind));
  }
  return rows.map((row) => {
    const kinds = flags.get(toNumber(row.messageLogId));
    if (!kinds) return { ...row, userLiked: false, userCheered: false, userSupported: false };
    const next = { ...row };
    for (const [kind, flag] of Object.entries(FLAG_BY_KIND)) next[flag] = kinds.has(Number(kind));
    return next;
  });
}
