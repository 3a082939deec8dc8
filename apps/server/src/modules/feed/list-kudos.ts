import type { ShoutOutListResponse } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/client.ts';
import { findKudosPage } from './kudos-feed.repository.ts';
import { presentKudosTable } from './kudos.presenter.ts';

/** One page of the Kudos Thread as the member sees it (their own reaction flags). */
export async function listKudos(
  db: Db,
  memberId: number,
  input: { page: number; anchor?: number },
): Promise<ShoutOutListResponse> {
  const { rows, hasMore } = await findKudosPage(db, memberId, input.page, input.anchor);
  return { shoutOuts: presentKudosTable(rows), hasMore };
}
