import type { DeliveryAddress, Order, OrderStatus } from '@ovation/shared/schemas/rewards';
import type { findLineCodes, findOrderEvents, OrderLineRow, OrderRow } from './orders.repository.ts';

type EventRow = Awaited<ReturnType<typeof findOrderEvents>>[number];
type CodeRow = Awaited<ReturnType<typeof findLineCodes>>[number];

/** Who changed an order, as the member sees it (administrators are "Rewards team"). */
function byName(event: EventRow, ownerId: number): string {
  if (event.event.actorMemberId === ownerId) return 'You';
  if (!event.firstName) return 'Rewards team';
  return `${event.firstName} ${event.surname ?? ''}`.trim();
}

/**
 * Members cancel while an order is still placed and holds no voucher: its codes were shown and
 * e-mailed at checkout, so they count as delivered (a refund would leave a working code behind).
 */
export const memberMayCancel = (status: string, lines: Pick<OrderLineRow, 'fulfilment'>[]) =>
  status === 'placed' && !lines.some((line) => line.fulfilment === 'voucher');

/**
 * Orders with their lines and history. Voucher codes are included only when `revealCodes`
 * (the order's owner); the queue shows administrators whether a line has its codes.
 */
export function presentOrders(
  orders: OrderRow[],
  lines: OrderLineRow[],
  events: EventRow[],
  codes: CodeRow[],
  revealCodes: boolean,
): Order[] {
  return orders.map((order) =>
    presentOrder(
      order,
      lines.filter((l) => l.orderId === order.id),
      events,
      codes,
      revealCodes,
    ),
  );
}

function presentOrder(
  order: OrderRow,
  lines: OrderLineRow[],
  events: EventRow[],
  codes: CodeRow[],
  revealCodes: boolean,
): Order {
  // A refunded order's codes are spent but no longer the member's to use (decision 0069).
  const showCodes = revealCodes && order.status !== 'cancelled' && order.status !== 'refunded';
  return {
    orderId: order.id,
    placedAt: order.placedAt.toISOString(),
    status: order.status as OrderStatus,
    totalPoints: order.totalPoints,
    address: (order.address as DeliveryAddress | null) ?? null,
    canCancel: memberMayCancel(order.status, lines),
    lines: lines.map((l) => ({
      rewardId: l.rewardId,
      name: l.name,
      fulfilment: l.fulfilment as Order['lines'][number]['fulfilment'],
      quantity: l.quantity,
      pointsCost: l.pointsCost,
      randValue: l.randValue,
      lineTotal: l.pointsCost * l.quantity,
      codes: showCodes ? codes.filter((c) => c.orderLineId === l.id).map((c) => c.code) : [],
    })),
    history: events
      .filter((e) => e.event.orderId === order.id)
      .map((e) => ({
        status: e.event.status as OrderStatus,
        note: e.event.note,
        by: byName(e, order.memberId),
        at: e.event.createdAt.toISOString(),
      })),
  };
}
