import type { ShoutOutReactRequest } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/client.ts';
import { notFound, tooManyRequests } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { LiveBus } from '../live/live-bus.ts';
import { findKudosItem } from './kudos-feed.repository.ts';
import { presentKudosItem, presentKudosTable } from './kudos.presenter.ts';
import { addReaction, removeReaction } from './reactions.repository.ts';

export interface ReactDeps {
  db: Db;
  bus: LiveBus;
  limiter: RateLimiter;
}

export const KUDOS_NOT_FOUND = 'That kudos item no longer exists.';

/**
 * Like, cheer or support an item (or withdraw it). Repeats and withdrawals of what is not
 * there change nothing; the answer is the item as the member now sees it.
 */
export async function reactToKudos(deps: ReactDeps, memberId: number, input: Required<ShoutOutReactRequest>) {
  if (!deps.limiter.hit(`react:${memberId}`)) throw tooManyRequests('You are reacting very fast. Please slow down.');
  const { messageLogId, reactNum, isRedactReact } = input;
  const changed = isRedactReact
    ? await removeReaction(deps.db, messageLogId, reactNum, memberId)
    : await addReaction(deps.db, messageLogId, reactNum, memberId);
  const row = await findKudosItem(deps.db, memberId, messageLogId);
  if (!row) throw notFound(KUDOS_NOT_FOUND);
  if (changed) {
    const item = presentKudosItem(row);
    deps.bus.publishReaction(
      {
        messageLogId: item.messageLogId,
        likeCount: item.likeCount,
        cheerCount: item.cheerCount,
        supportCount: item.supportCount,
      },
      memberId,
    );
  }
  return { shoutOuts: presentKudosTable([row]) };
}
