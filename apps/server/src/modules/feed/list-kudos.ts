import type { Db } from '../../db/db.ts';
import { cachedPage, type KudosCaches } from './kudos-caches.ts';
import { findKudosPage } from './kudos-feed.repository.ts';
import { serializeKudosList } from './kudos-list.serializer.ts';
import { viewerFlagsOn } from './viewer-flags.ts';

export interface ListKudosDeps {
  db: Db;
  caches: KudosCaches;
}

/**
 * One page of the Kudos Thread as the member sees it, as JSON text (ShoutOutListResponse): the
 * page itself is shared between members and cached briefly per instance, with who reacted to
 * each item, from which the member's own flags are worked out (KudosCaches says when they are
 * dropped or updated; decision 0048).
 */
export async function listKudos(
  deps: ListKudosDeps,
  memberId: number,
  input: { page: number; anchor?: number },
): Promise<string> {
  const key = `${input.anchor ?? 'latest'}:${input.page}`;
  const page = await cachedPage(deps.caches, key, () => findKudosPage(deps.db, null, input.page, input.anchor));
  const flags = await viewerFlagsOn(deps, memberId, page.rows);
  return serializeKudosList(page.rows, flags, page.hasMore);
}
