import type { FulfilmentQueueResponse, OrderStatusRequest } from '@ovation/shared/schemas/rewards-admin';
import type { OrderStatus } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import type { FastifyBaseLogger } from 'fastify';
import { businessRule, notFound } from '../../lib/app-errors.ts';
import type { LiveBus } from '../../core/live/live-bus.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { insertNotifications } from '../../core/bell/bell.repository.ts';
import { notificationEvent, orderNotification } from '../../core/bell/notify.ts';
import { readSettings } from '../../core/settings/settings.repository.ts';
import { loadOrders } from './list-orders.ts';
import { orderStatusMail } from './order-mail.ts';
import {
  findMemberContact,
  findOrder,
  findQueueOrders,
  insertOrderEvents,
  moveOrderStatus,
} from './orders.repository.ts';

/** Orders waiting (placed and processing by default), oldest first; search by member, e-mail or order number. */
export async function getFulfilmentQueue(
  db: Db,
  query: { status?: OrderStatus; q?: string },
): Promise<FulfilmentQueueResponse> {
  const rows = await findQueueOrders(db, {
    statuses: query.status ? [query.status] : ['placed', 'processing'],
    q: query.q || undefined,
    limit: 200,
  });
  // Administrators see whether codes went out, not the codes themselves.
  const orders = await loadOrders(
    db,
    rows.map((r) => r.order),
    false,
  );
  return {
    orders: orders.map((order, i) => ({
      ...order,
      canCancel: order.status === 'placed' || order.status === 'processing',
      memberName: `${rows[i]!.firstName} ${rows[i]!.surname}`,
      memberEmail: rows[i]!.email ?? '',
    })),
  };
}

const FROM: Record<OrderStatusRequest['status'], OrderStatus[]> = {
  processing: ['placed'],
  fulfilled: ['placed', 'processing'],
};

/** Moves an order on (placed → processing → fulfilled), with a note such as a courier reference; the member is e-mailed. */
export async function moveOrder(
  { db, log, bus }: { db: Db; log: FastifyBaseLogger; bus: LiveBus },
  actorMemberId: number,
  orderId: number,
  input: { status: OrderStatusRequest['status']; note: string },
) {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound('No such order.');
  const [contact, settings] = await Promise.all([
    findMemberContact(db, order.memberId),
    readSettings(db, ['pointsName']),
  ]);
  const answer = await db.transaction(async (tx) => {
    const moved = await moveOrderStatus(tx, orderId, FROM[input.status], input.status);
    if (!moved) {
      // Say what it is now: another administrator may have moved or cancelled it since it was read.
      const status = (await findOrder(tx, orderId))?.status ?? order.status;
      throw businessRule(`Order #${orderId} is ${status} and cannot be moved to ${input.status}`);
    }
    await insertOrderEvents(tx, [{ orderId, status: input.status, note: input.note, actorMemberId }]);
    await insertNotifications(
      tx,
      orderNotification({ memberId: order.memberId, orderId, status: input.status }, actorMemberId),
    );
    for (const mail of orderStatusMail(
      { email: contact?.email ?? null, firstName: contact?.firstName ?? '' },
      { orderId, status: input.status, totalPoints: order.totalPoints, note: input.note },
      settings.pointsName,
    )) {
      await queueEmail(tx, log, mail);
    }
    return (await loadOrders(tx, [moved], false))[0]!;
  });
  bus.publish(notificationEvent(order.memberId));
  return answer;
}
