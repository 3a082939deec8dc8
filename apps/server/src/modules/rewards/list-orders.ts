import type { Order, OrdersResponse } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-errors.ts';
import {
  findLineCodes,
  findMemberOrders,
  findOrder,
  findOrderEvents,
  findOrderLines,
  type OrderRow,
} from './orders.repository.ts';
import { presentOrders } from './orders.presenter.ts';

/** Orders with their lines, history and (for the owner) voucher codes. */
export async function loadOrders(db: Db, orders: OrderRow[], revealCodes: boolean): Promise<Order[]> {
  const ids = orders.map((o) => o.id);
  const [lines, events] = await Promise.all([findOrderLines(db, ids), findOrderEvents(db, ids)]);
  const codes = await findLineCodes(
    db,
    lines.filter((l) => l.fulfilment === 'voucher').map((l) => l.id),
  );
  return presentOrders(orders, lines, events, codes, revealCodes);
}

/** My Orders: every order of the member, newest first. */
export async function listOrders(db: Db, memberId: number): Promise<OrdersResponse> {
  return { orders: await loadOrders(db, await findMemberOrders(db, memberId), true) };
}

/** One of the member's own orders; anyone else's is not found. */
export async function getOrder(db: Db, memberId: number, orderId: number): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order || order.memberId !== memberId) throw notFound('No such order.');
  return (await loadOrders(db, [order], true))[0]!;
}
