import type { ShoutOutReactRequest } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/db.ts';
import { notFound, tooManyRequests } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { LiveBus } from '../../core/live/live-bus.ts';
import type { FastifyBaseLogger } from 'fastify';
import { notifyReaction } from '../../core/bell/notify-reaction.ts';
import { notificationEvent } from '../../core/bell/notify.ts';
import { beginRead, patchKudosItem, type KudosCaches } from './kudos-caches.ts';
import { findKudosItem } from './kudos-feed.repository.ts';
import { presentKudosItem, presentKudosTable } from './kudos.presenter.ts';
import { addReaction, removeReaction } from './reactions.repository.ts';

export interface ReactDeps {
  db: Db;
  bus: LiveBus;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  caches: KudosCaches;
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
  const read = beginRead(deps.caches);
  const row = await findKudosItem(deps.db, memberId, messageLogId);
  if (!row) throw notFound(KUDOS_NOT_FOUND);
  if (changed) {
    // This instance's cached pages show it at once (the member's own flag too: the row carries
    // who reacted); the event has every instance read it again.
    patchKudosItem(deps.caches, row, read);
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
    // A new reaction (not a withdrawal, not one's own, not a repeat) reaches the member recognised.
    const told =
      !isRedactReact &&
      (await notifyReaction(deps, {
        recipientId: row.toMemberId,
        actorId: memberId,
        messageLogId,
        reaction: reactNum,
      }));
    if (told) deps.bus.publish(notificationEvent(row.toMemberId, true));
  }
  return { shoutOuts: presentKudosTable([row]) };
}
