import type { CancelOrderResponse, OrderStatus } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import { VOUCHER_ORDER_NOT_CANCELLABLE } from '@ovation/shared/rewards-rules';
import { businessRule, forbidden, notFound } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { insertNotifications } from '../../core/bell/bell.repository.ts';
import { notificationEvent, orderNotification } from '../../core/bell/notify.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { restoreStock } from './catalogue.repository.ts';
import { loadOrder } from './list-orders.ts';
import { orderStatusMail, refundMemo } from './order-mail.ts';
import { memberMayCancel } from './orders.presenter.ts';
import {
  findMemberContact,
  findOrder,
  findOrderLines,
  insertOrderEvents,
  moveOrderStatus,
  setRefundTransaction,
  subtractMemberTotal,
} from './orders.repository.ts';

export interface CancelBy {
  /** Who cancels: the member (their own order) or an administrator. */
  actorMemberId: number;
  /** Members may cancel only their own orders, and only while placed. */
  asAdministrator: boolean;
  note?: string;
}

/**
 * Cancels an order and refunds it in one transaction (the send runner): the status moves with a
 * guarded update (of two concurrent cancels one wins), stock of delivered items goes back (voucher
 * codes, shown at checkout, stay spent; members cannot cancel an order with a voucher), the
 * member's per-item totals go down, and a reversing ledger transaction
 * returns the points (never an edit). The member is e-mailed. `stockMoved` is told after the
 * commit (this instance's catalogue shows the stock on the next read; decision 0047).
 */
export async function cancelOrder(
  deps: SendDeps,
  answer: IdempotentAnswer<CancelOrderResponse>,
  by: CancelBy,
  orderId: number,
  stockMoved: () => void = () => {},
): Promise<CancelOrderResponse> {
  const order = await findOrder(deps.db, orderId);
  if (!order || (!by.asAdministrator && order.memberId !== by.actorMemberId)) throw notFound('No such order.');
  // An administrator's own order is cancelled as a member's (vouchers stay theirs): nobody
  // refunds themselves past the member's rules (decision 0081).
  if (by.asAdministrator && order.memberId === by.actorMemberId) {
    throw forbidden('Another rewards administrator must cancel your own order; you can cancel it under My Orders.');
  }
  const from: OrderStatus[] = by.asAdministrator ? ['placed', 'processing'] : ['placed'];
  const refusal = () =>
    businessRule(
      order.status === 'cancelled' || order.status === 'refunded'
        ? `Order #${orderId} is already cancelled and refunded`
        : by.asAdministrator
          ? `Order #${orderId} is ${order.status} and can no longer be cancelled`
          : 'This order is already being processed and can no longer be cancelled',
    );
  if (!from.includes(order.status as OrderStatus)) throw refusal();
  const [lines, contact, settings] = await Promise.all([
    findOrderLines(deps.db, [orderId]),
    findMemberContact(deps.db, order.memberId),
    deps.settings.read(['pointsName']),
  ]);
  if (!by.asAdministrator && !memberMayCancel(order.status, lines)) throw businessRule(VOUCHER_ORDER_NOT_CANCELLABLE);
  // Codes were shown and e-mailed at checkout: they stay with the order, never back in the pool
  // (nor in the voucher's stock, which counts the pool's free codes).
  const returned = lines.filter((line) => line.fulfilment !== 'voucher');
  const note = by.note?.trim() ?? '';

  const cancelled = await runSend(deps, answer, {
    actorMemberId: by.actorMemberId,
    checks: {
      // The guarded move (of two concurrent cancels one wins), then the stock and the totals, in
      // ascending item order.
      cancel: async (tx) => {
        if (!(await moveOrderStatus(tx, orderId, from, 'cancelled'))) throw refusal();
        for (const line of [...lines].sort((a, b) => a.rewardId - b.rewardId)) {
          if (returned.includes(line)) await restoreStock(tx, line.rewardId, line.quantity);
          await subtractMemberTotal(tx, order.memberId, line.rewardId, line.quantity);
        }
      },
    },
    decide: {
      postings: [
        {
          kind: 'redemption_refund',
          memo: refundMemo(orderId),
          actorMemberId: by.actorMemberId,
          legs: [
            { system: 'redemptions', amount: -order.totalPoints },
            { member: { memberId: order.memberId, kind: 'points' }, amount: order.totalPoints },
          ],
        },
      ],
      mails: orderStatusMail(
        { email: contact?.email ?? null, firstName: contact?.firstName ?? '' },
        { orderId, status: 'refunded', totalPoints: order.totalPoints, note },
        settings.pointsName,
      ),
    },
    // The refund's transaction, the order's history and the member's bell; then the order as the
    // member (or the administrator) now sees it.
    write: () => async (tx: Db) => {
      await setRefundTransaction(tx, orderId);
      await insertOrderEvents(tx, [
        { orderId, status: 'cancelled', note, actorMemberId: by.actorMemberId },
        { orderId, status: 'refunded', note: '', actorMemberId: by.actorMemberId },
      ]);
      // An administrator's cancellation reaches the member's bell (their own does not).
      await insertNotifications(
        tx,
        orderNotification({ memberId: order.memberId, orderId, status: 'refunded' }, by.actorMemberId),
      );
      return loadOrder(tx, orderId, !by.asAdministrator);
    },
    audit: (decided) => [
      {
        action: 'rewards.order_cancel',
        target: { kind: 'order', id: orderId },
        before: { status: from },
        after: { status: 'refunded', byAdministrator: by.asAdministrator },
        ...(decided.postings.length > 0 ? { ledgerTransactionId: 'posted' as const } : {}),
      },
    ],
    answer: (_decided, { written, balances }) => ({ order: written(), balances: balances() }),
    events: () => (order.memberId === by.actorMemberId ? [] : [notificationEvent(order.memberId)]),
  });
  stockMoved();
  return cancelled;
}
