import { sql } from 'drizzle-orm';
import { formatPoints } from '@ovation/shared/format/money';
import type { CheckoutRequest, CheckoutResponse, DeliveryAddress } from '@ovation/shared/schemas/rewards';
import { businessRule, conflict, fieldError, type AppError } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { writeStatement, type Statement } from '../../db/statement.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { refuseUnlessWritten } from '../../core/sends/send-limits.ts';
import { findBasket, removeBasketLinesSql, saveAddressSql } from './basket.repository.ts';
import { findReward, reservationSql, type RewardRow } from './catalogue.repository.ts';
import { orderMemo, orderPlacedMail } from './order-mail.ts';
import { memberTotalSql, placeOrderStatement, type PlacedLine } from './orders.repository.ts';

export interface Buyer {
  memberId: number;
}

interface Line {
  reward: RewardRow;
  quantity: number;
  agreedPointsCost: number;
}

/** A line's reservation found nothing to take: why is read after the transaction rolled back. */
class ReservationRefused extends Error {
  constructor(readonly line: Line) {
    super(`reservation of reward ${line.reward.id} refused`);
  }
}

/** Why a reservation failed, read after the guarded update found nothing to take. */
async function reservationRefusal(db: SendDeps['db'], line: Line, pointsName: string): Promise<AppError> {
  const now = await findReward(db, line.reward.id);
  const name = line.reward.name;
  if (!now || !now.active) return businessRule(`${name} has been withdrawn from the catalogue`);
  if (now.pointsCost !== line.agreedPointsCost)
    return priceChanged(name, line.agreedPointsCost, now.pointsCost, pointsName);
  if (!now.stockLeft) return businessRule(`${name} is sold out`);
  return businessRule(`Only ${now.stockLeft} of ${name} left`);
}

const priceChanged = (name: string, was: number, now: number, pointsName: string) =>
  conflict(`The price of ${name} changed from ${was} to ${now} ${pointsName}. Check your basket and check out again.`);

/** The refusal when the basket changed between its read and the checkout's transaction. */
export const BASKET_CHANGED = 'Your basket changed while you were checking out. Please check it and try again.';

const ADDRESS_FIELDS = ['recipient', 'line1', 'line2', 'city', 'postalCode', 'phone'] as const;
const sameAddress = (a: DeliveryAddress, b: DeliveryAddress | null) =>
  b !== null && ADDRESS_FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));

/**
 * Checks out the member's basket in one transaction (the send runner): reserves stock with
 * guarded updates and counts per-member limits (items in ascending id order, before the
 * ledger's row locks), clears the basket, debits the member's points into the redemptions
 * account, writes the order and its lines with their voucher codes, and queues the confirmation.
 * Every step is a statement whose refusal the database raises (decision 0053), so on PostgreSQL
 * all of them up to the order go out in one write and the confirmation (it needs the order id
 * and the codes) with the stored answer and COMMIT in a second: the redemptions account, which
 * every checkout locks, is held for one round trip (decision 0060). Every refusal writes nothing.
 * `stockMoved` is told after the commit when limited stock was taken (this instance's catalogue
 * shows it on the next read; decision 0047).
 */
export async function checkout(
  deps: SendDeps,
  answer: IdempotentAnswer<CheckoutResponse>,
  buyer: Buyer,
  input: CheckoutRequest,
  stockMoved: () => void = () => {},
): Promise<CheckoutResponse> {
  const { memberId } = buyer;
  const [{ lines: rows, contact, saved }, settings] = await Promise.all([
    findBasket(deps.db, memberId),
    deps.settings.read(['pointsName']),
  ]);
  const { pointsName } = settings;
  if (rows.length === 0) throw businessRule('Your basket is empty');
  const lines: Line[] = rows
    .map(({ line, reward }) => ({ reward, quantity: line.quantity, agreedPointsCost: line.agreedPointsCost }))
    .sort((a, b) => a.reward.id - b.reward.id);
  for (const line of lines) {
    const { reward } = line;
    if (!reward.active) throw businessRule(`${reward.name} has been withdrawn from the catalogue`);
    if (reward.pointsCost !== line.agreedPointsCost) {
      throw priceChanged(reward.name, line.agreedPointsCost, reward.pointsCost, pointsName);
    }
    if (reward.stockLeft !== null && reward.stockLeft < line.quantity) {
      throw businessRule(
        reward.stockLeft === 0 ? `${reward.name} is sold out` : `Only ${reward.stockLeft} of ${reward.name} left`,
      );
    }
  }
  const needsAddress = lines.some((l) => l.reward.fulfilment === 'delivery');
  const address: DeliveryAddress | null = needsAddress
    ? ((input.address as DeliveryAddress | undefined) ?? saved)
    : null;
  if (needsAddress && !address) throw fieldError('address', 'Enter a delivery address for the items we deliver');
  const totalPoints = lines.reduce((sum, l) => sum + l.reward.pointsCost * l.quantity, 0);
  if (input.expectedTotalPoints !== undefined && input.expectedTotalPoints !== totalPoints) {
    throw businessRule(
      `Your basket changed: it now comes to ${formatPoints(totalPoints)} ${pointsName}. Please check it and check out again.`,
    );
  }

  // Items in ascending id order (no lock cycles between checkouts), then the basket and the
  // remembered address: all before the ledger's row locks. Each refuses by raising.
  const checks: Record<string, Statement> = {};
  for (const line of lines) {
    const { reward } = line;
    checks[`reserve ${reward.id}`] = refuseUnlessWritten(
      reservationSql(reward.id, line.quantity, line.agreedPointsCost),
      () => new ReservationRefused(line),
    );
    // Every line counts in the member's total (a cancel subtracts it), limited item or not.
    const limit = reward.memberLimit;
    const counted = memberTotalSql(memberId, reward.id, line.quantity, limit);
    checks[`total ${reward.id}`] =
      limit === null
        ? writeStatement(counted)
        : refuseUnlessWritten(
            counted,
            () => businessRule(`You can order at most ${limit} of ${reward.name}`),
            sql`quantity <= ${limit}`,
          );
  }
  // The basket as read, or nothing: a second checkout of the same basket (another tab) finds
  // its lines gone once the first commits, and refuses instead of charging again.
  checks.basket = refuseUnlessWritten(
    removeBasketLinesSql(
      memberId,
      lines.map((l) => ({ rewardId: l.reward.id, quantity: l.quantity, agreedPointsCost: l.agreedPointsCost })),
    ),
    () => businessRule(BASKET_CHANGED),
    sql`(select count(*) from w) = ${lines.length}::int`,
  );
  if (address && !sameAddress(address, saved)) checks.address = writeStatement(saveAddressSql(memberId, address));
  const placedLines: PlacedLine[] = lines.map((l) => ({
    rewardId: l.reward.id,
    name: l.reward.name,
    fulfilment: l.reward.fulfilment,
    quantity: l.quantity,
    pointsCost: l.reward.pointsCost,
    randValue: l.reward.randValue,
  }));

  const memo = orderMemo(lines.map((l) => ({ quantity: l.quantity, name: l.reward.name })));

  let placed: CheckoutResponse;
  try {
    placed = await runSend(deps, answer, {
      actorMemberId: memberId,
      checks,
      decide: {
        postings: [
          {
            kind: 'redemption',
            memo,
            actorMemberId: memberId,
            legs: [
              { member: { memberId, kind: 'points' }, amount: -totalPoints },
              { system: 'redemptions', amount: totalPoints },
            ],
          },
        ],
      },
      refuseInsufficient: () => businessRule(`You do not have enough ${pointsName} for this order`),
      write: () =>
        placeOrderStatement({ memberId, totalPoints, address }, placedLines, (rewardId) =>
          businessRule(`${placedLines.find((l) => l.rewardId === rewardId)?.name ?? 'An item'} is sold out`),
        ),
      mails: ({ written }) =>
        orderPlacedMail(
          { email: contact?.email ?? null, firstName: contact?.firstName ?? '' },
          { orderId: written.orderId, totalPoints, lines: written.lines },
          pointsName,
        ),
      audit: () => [
        {
          action: 'rewards.checkout',
          target: { kind: 'member', id: memberId },
          ledgerTransactionId: 'posted' as const,
        },
      ],
      answer: (_decided, { written, balances }) => ({
        orderId: written('orderId'),
        status: 'placed' as const,
        totalPoints,
        balances: balances(),
      }),
    });
  } catch (error) {
    if (error instanceof ReservationRefused) throw await reservationRefusal(deps.db, error.line, pointsName);
    throw error;
  }
  if (lines.some((l) => l.reward.stockLeft !== null)) stockMoved();
  return placed;
}
