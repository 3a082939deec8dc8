import { ORDERS_PAGE_SIZE, type Order, type OrdersResponse } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
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

/** One order as its viewer sees it (voucher codes for the owner only). */
export async function loadOrder(db: Db, orderId: number, revealCodes: boolean): Promise<Order> {
  const order = await findOrder(db, orderId);
  const [loaded] = order ? await loadOrders(db, [order], revealCodes) : [];
  if (!loaded) throw notFound('No such order.');
  return loaded;
}

/** My Orders: a page of the member's orders, newest first, and where the next one starts. */
export async function listOrders(db: Db, memberId: number, before?: number): Promise<OrdersResponse> {
  // One more than a page tells whether an older page exists, without a count.
  const rows = await findMemberOrders(db, memberId, { before, limit: ORDERS_PAGE_SIZE + 1 });
  const page = rows.slice(0, ORDERS_PAGE_SIZE);
  return {
    orders: await loadOrders(db, page, true),
    nextBefore: rows.length > ORDERS_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

/** One of the member's own orders; anyone else's is not found. */
export async function getOrder(db: Db, memberId: number, orderId: number): Promise<Order> {
  const order = await findOrder(db, orderId);
  if (!order || order.memberId !== memberId) throw notFound('No such order.');
  return (await loadOrders(db, [order], true))[0]!;
}
