import { formatMoney, formatPoints } from '@ovation/shared/format/money';
import type { OutgoingEmail } from '../../core/mail/mail.repository.ts';

/** The ledger memo of an order's payment (statements show it). */
/** A checkout's statement memo, naming what was bought (a seeded past order's too). */
export function orderMemo(lines: { quantity: number; name: string }[]): string {
  const text = `Rewards: ${lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
/** The ledger memo of an order's refund. */
export const refundMemo = (orderId: number) => `Refund of rewards order #${orderId}`;

export interface MailLine {
  name: string;
  quantity: number;
  pointsCost: number;
  randValue: number;
  codes: string[];
}

export interface OrderMailTo {
  email: string | null;
  firstName: string;
}

const describeLines = (lines: MailLine[], pointsName: string) =>
  lines
    .map((l) => {
      const codes =
        l.codes.length > 0 ? `\n    Voucher code${l.codes.length > 1 ? 's' : ''}: ${l.codes.join(', ')}` : '';
      return `  ${l.quantity} × ${l.name} (${formatMoney((l.randValue * l.quantity) / 100)}) — ${formatPoints(l.pointsCost * l.quantity)} ${pointsName}${codes}`;
    })
    .join('\n');

/** The confirmation of a new order, with its voucher codes. */
export function orderPlacedMail(
  to: OrderMailTo,
  order: { orderId: number; totalPoints: number; lines: MailLine[] },
  pointsName: string,
): OutgoingEmail[] {
  if (!to.email) return [];
  return [
    {
      kind: 'rewards-order-placed',
      to: to.email,
      // Voucher codes are the member's money: the outbox shows administrators no body with them.
      sensitive: order.lines.some((l) => l.codes.length > 0),
      subject: `Your rewards order #${order.orderId}`,
      text:
        `Hi ${to.firstName},\n\nThank you for your order #${order.orderId}:\n\n${describeLines(order.lines, pointsName)}\n\n` +
        `Total: ${formatPoints(order.totalPoints)} ${pointsName}.\n\nFollow it under My Rewards › My Orders.`,
    },
  ];
}

const STATUS_TEXT: Record<string, string> = {
  processing: 'is being processed',
  fulfilled: 'has been fulfilled',
  refunded: 'was cancelled and refunded',
};

/** A change of an order's status (processing, fulfilled, cancelled and refunded). */
export function orderStatusMail(
  to: OrderMailTo,
  order: { orderId: number; status: string; totalPoints: number; note: string },
  pointsName: string,
): OutgoingEmail[] {
  if (!to.email) return [];
  const refund =
    order.status === 'refunded' ? `\n\n${formatPoints(order.totalPoints)} ${pointsName} are back in your balance.` : '';
  const note = order.note ? `\n\nNote: ${order.note}` : '';
  return [
    {
      kind: `rewards-order-${order.status}`,
      to: to.email,
      subject: `Your rewards order #${order.orderId} ${STATUS_TEXT[order.status] ?? order.status}`,
      text: `Hi ${to.firstName},\n\nYour rewards order #${order.orderId} ${STATUS_TEXT[order.status] ?? order.status}.${note}${refund}`,
    },
  ];
}
