import type { Db } from '../../db/client.ts';
import { viewerFlagsKey, type KudosCaches } from './kudos-caches.ts';
import { findKudosPage } from './kudos-feed.repository.ts';
import { serializeKudosList } from './kudos-list.serializer.ts';
import { findViewerFlags } from './viewer-flags.ts';

export interface ListKudosDeps {
  db: Db;
  caches: KudosCaches;
}

/**
 * One page of the Kudos Thread as the member sees it, as JSON text (ShoutOutListResponse): the
 * page itself is shared between members and the member's own flags on it are kept apart, both
 * cached briefly per instance (KudosCaches says when they are dropped; docs/performance.md).
 */
export async function listKudos(
  deps: ListKudosDeps,
  memberId: number,
  input: { page: number; anchor?: number },
): Promise<string> {
  const key = `${input.anchor ?? 'latest'}:${input.page}`;
  const { kudosPages, viewerFlags } = deps.caches;
  const page = await kudosPages.get(key, () => findKudosPage(deps.db, null, input.page, input.anchor));
  const flags = await viewerFlags.get(viewerFlagsKey(deps.caches, memberId, page.rows), () =>
    findViewerFlags(deps.db, memberId, page.rows),
  );
  return serializeKudosList(page.rows, flags, page.hasMore);
}
