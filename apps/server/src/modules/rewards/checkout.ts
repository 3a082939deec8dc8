import type { CheckoutRequest, CheckoutResponse, DeliveryAddress } from '@ovation/shared/schemas/rewards';
import { businessRule, conflict, fieldError, type AppError } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../plugins/idempotency/idempotency.plugin.ts';
import type { MemberBalances } from '../ledger/accounts.repository.ts';
import type { TransferSpec } from '../ledger/transfer.ts';
import { runSend, type SendDeps } from '../sends/run-send.ts';
import { findAddress, findBasket, saveAddress, removeBasketLines } from './basket.repository.ts';
import { findReward, reserveForCheckout, type RewardRow } from './catalogue.repository.ts';
import { orderPlacedMail, type MailLine } from './order-mail.ts';
import { addMemberTotal, allocateCodes, findMemberContact, insertPlacedOrder } from './orders.repository.ts';

export interface Buyer {
  memberId: number;
}

interface Line {
  reward: RewardRow;
  quantity: number;
  agreedPointsCost: number;
}

interface Written {
  orderId: number;
  totalPoints: number;
  lines: MailLine[];
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

const ADDRESS_FIELDS = ['recipient', 'line1', 'line2', 'city', 'postalCode', 'phone'] as const;
const sameAddress = (a: DeliveryAddress, b: DeliveryAddress | null) =>
  b !== null && ADDRESS_FIELDS.every((field) => (a[field] ?? '') === (b[field] ?? ''));

/** A short statement memo naming what was bought. */
function memoOf(lines: Line[]): string {
  const text = `Rewards: ${lines.map((l) => `${l.quantity} × ${l.reward.name}`).join(', ')}`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * Checks out the member's basket in one transaction (the send runner): reserves stock with
 * guarded updates and counts per-member limits (items in ascending id order, before the
 * ledger's row locks), debits the member's points into the redemptions account, writes the
 * order and its lines, allocates voucher codes, clears the basket and queues the confirmation.
 * Every refusal writes nothing. `stockMoved` is told after the commit when limited stock was taken
 * (this instance's catalogue shows it on the next read; decision 0047).
 */
export async function checkout(
  deps: SendDeps,
  answer: IdempotentAnswer<CheckoutResponse>,
  buyer: Buyer,
  input: CheckoutRequest,
  stockMoved: () => void = () => {},
): Promise<CheckoutResponse> {
  const { memberId } = buyer;
  const [rows, settings, contact, saved] = await Promise.all([
    findBasket(deps.db, memberId),
    deps.settings.read(['pointsName']),
    findMemberContact(deps.db, memberId),
    findAddress(deps.db, memberId),
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

  const checks = lines.map((line) => async (tx: SendDeps['db']) => {
    if (!(await reserveForCheckout(tx, line.reward.id, line.quantity, line.agreedPointsCost))) {
      throw await reservationRefusal(tx, line, pointsName);
    }
    const limit = line.reward.memberLimit;
    if (limit !== null && !(await addMemberTotal(tx, memberId, line.reward.id, line.quantity, limit))) {
      throw businessRule(`You can order at most ${limit} of ${line.reward.name}`);
    }
  });
  // The basket and the remembered address are written before the ledger's row locks are taken.
  checks.push(async (tx) => {
    await removeBasketLines(
      tx,
      memberId,
      lines.map((l) => l.reward.id),
    );
    if (address && !sameAddress(address, saved)) await saveAddress(tx, memberId, address);
  });
  const postings: TransferSpec[] = [
    {
      kind: 'redemption',
      memo: memoOf(lines),
      actorMemberId: memberId,
      legs: [
        { member: { memberId, kind: 'points' }, amount: -totalPoints },
        { system: 'redemptions', amount: totalPoints },
      ],
    },
  ];

  const placed = await runSend<Written, CheckoutResponse>(deps, answer, {
    actorMemberId: memberId,
    checks,
    postings,
    refuseInsufficient: () => businessRule(`You do not have enough ${pointsName} for this order`),
    write: async (tx, posted) => {
      const placed = lines.map((l) => ({
        rewardId: l.reward.id,
        name: l.reward.name,
        fulfilment: l.reward.fulfilment,
        quantity: l.quantity,
        pointsCost: l.reward.pointsCost,
        randValue: l.reward.randValue,
      }));
      const { orderId, lineIds } = await insertPlacedOrder(
        tx,
        { memberId, totalPoints, address, ledgerTransactionId: posted?.transactionIds[0] ?? null },
        placed,
      );
      const mailLines: MailLine[] = [];
      for (const line of placed) {
        let codes: string[] = [];
        if (line.fulfilment === 'voucher') {
          const allocated = await allocateCodes(tx, line.rewardId, lineIds.get(line.rewardId)!, line.quantity);
          // Stock follows the pool, so this only happens when an administrator emptied it by hand.
          if (allocated.rows.length < line.quantity) throw businessRule(`${line.name} is sold out`);
          codes = allocated.rows.map((r) => r.code);
        }
        mailLines.push({ ...line, codes });
      }
      return { orderId, totalPoints, lines: mailLines };
    },
    mails: (written) =>
      orderPlacedMail({ email: contact?.email ?? null, firstName: contact?.firstName ?? '' }, written, pointsName),
    answer: (written, balances: MemberBalances) => ({
      orderId: written.orderId,
      status: 'placed',
      totalPoints: written.totalPoints,
      balances,
    }),
  });
  if (lines.some((l) => l.reward.stockLeft !== null)) stockMoved();
  return placed;
}
