import type { ShoutOutListResponse } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/client.ts';
import type { TtlCache } from '../home/ttl-cache.ts';
import { findKudosPage, type KudosPage } from './kudos-feed.repository.ts';
import { presentKudosTable } from './kudos.presenter.ts';
import { withViewerFlags } from './viewer-flags.ts';

export interface ListKudosDeps {
  db: Db;
  /** Shared pages (same for every member), cleared on every live event. */
  pages: TtlCache<KudosPage>;
}

/**
 * One page of the Kudos Thread as the member sees it: the page itself is shared between
 * members (and cached briefly per instance); only the member's own flags are read per request.
 */
export async function listKudos(
  deps: ListKudosDeps,
  memberId: number,
  input: { page: number; anchor?: number },
): Promise<ShoutOutListResponse> {
  const key = `${input.anchor ?? 'latest'}:${input.page}`;
  const page = await deps.pages.get(key, () => findKudosPage(deps.db, null, input.page, input.anchor));
  const rows = await withViewerFlags(deps.db, memberId, page.rows);
  return { shoutOuts: presentKudosTable(rows), hasMore: page.hasMore };
}
