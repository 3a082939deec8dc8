import type { Db } from '../../db/db.ts';
import type { LiveBus } from '../../core/live/live-bus.ts';
import { listMyNotifications } from './list-notifications.ts';
import { markRead, type MarkReadSelection } from './notifications.repository.ts';
import { notificationEvent } from '../../core/bell/notify.ts';

/** Marks the member's own notifications read and answers with the bell as it now is. */
export async function markNotificationsRead(
  deps: { db: Db; bus: LiveBus },
  memberId: number,
  which: MarkReadSelection,
) {
  await markRead(deps.db, memberId, which);
  // The member's other open browsers update their count too.
  deps.bus.publish(notificationEvent(memberId, true));
  return listMyNotifications(deps.db, memberId);
}
