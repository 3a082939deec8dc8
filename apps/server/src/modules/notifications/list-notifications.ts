import type { NotificationsResponse } from '@ovation/shared/schemas/notifications';
import type { Db } from '../../db/db.ts';
import { presentNotification } from './notifications.presenter.ts';
import { listNotifications } from './notifications.repository.ts';

export const NOTIFICATIONS_SHOWN = 30;

/** The bell's contents: how many are unread and the newest items. */
export async function listMyNotifications(db: Db, memberId: number): Promise<NotificationsResponse> {
  const rows = await listNotifications(db, memberId, NOTIFICATIONS_SHOWN);
  return { unread: rows[0]?.unread ?? 0, items: rows.map(presentNotification) };
}
