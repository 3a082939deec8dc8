import type { KudosKind } from '@ovation/shared/vocabulary';
import type { LiveEvent } from '../live/live-bus.ts';
import type { NewNotification } from './bell.repository.ts';

/** The notification (and e-mail preference) kind of a kudos send. */
export function notificationKindOf(kind: KudosKind): 'recognised' | 'high5' | 'points' {
  return kind === 'recognition' ? 'recognised' : kind === 'high5' ? 'high5' : 'points';
}

/**
 * Tells the member's open browsers (only theirs) that their notifications changed; `bellOnly`
 * when no balance, order or statement changed with them (decision 0101).
 */
export function notificationEvent(memberId: number, bellOnly = false): LiveEvent {
  return { type: 'notification', data: bellOnly ? { bellOnly } : {}, forMemberId: memberId };
}

/** An order's status changed by someone else (an administrator): the member's bell says so. */
export function orderNotification(
  order: { memberId: number; orderId: number; status: string },
  actorMemberId: number,
): NewNotification[] {
  if (order.memberId === actorMemberId) return [];
  return [
    {
      memberId: order.memberId,
      kind: 'order',
      actorMemberId,
      orderId: order.orderId,
      orderStatus: order.status,
    },
  ];
}
