import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { members, rewardCategories, rewards } from '../schema/index.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { readMemberBalances } from '../../modules/ledger/accounts.repository.ts';
import { transfer } from '../../modules/ledger/transfer.ts';
import { saveAddress } from '../../modules/rewards/basket.repository.ts';
import { insertRewardPictures, reserveStock } from '../../modules/rewards/catalogue.repository.ts';
import {
  countMemberTotal,
  allocateCodes,
  insertCodes,
  insertOrder,
  insertOrderEvents,
  insertOrderLines,
  setOrderTransaction,
} from '../../modules/rewards/orders.repository.ts';
import { orderMemo } from '../../modules/rewards/order-mail.ts';
import { rewardArtworkSvg } from '../../modules/rewards/reward-artwork.ts';
import { createRandom } from './random.ts';
import { SEED_CATEGORIES, SEED_REWARDS } from './rewards-catalogue.ts';

const HOUR = 3_600_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The demo catalogue: five categories, forty items with generated artwork (SVG, a few kB each),
 * voucher code pools, and two past orders of the South African demo member (paid through the
 * ledger like any checkout). Runs after the ledger seed.
 */
export async function seedRewards(db: Db, now = new Date()): Promise<void> {
  const random = createRandom(909_090);
  const categories = await db
    .insert(rewardCategories)
    .values(SEED_CATEGORIES.map((c, i) => ({ slug: c.slug, name: c.name, sort: i + 1 })))
    .returning();
  const categoryOf = new Map(categories.map((c) => [c.slug, c]));
  const iconOf = new Map(SEED_CATEGORIES.map((c) => [c.slug, c.icon]));

  const pictures = SEED_REWARDS.map((item) => ({
    picId: newPublicId(),
    contentType: 'image/svg+xml',
    data: Buffer.from(rewardArtworkSvg(iconOf.get(item.category)!, item.name, categoryOf.get(item.category)!.name)),
  }));
  await insertRewardPictures(db, pictures);

  const inserted = await db
    .insert(rewards)
    .values(
      SEED_REWARDS.map((item, i) => ({
        categoryId: categoryOf.get(item.category)!.id,
        name: item.name,
        description: item.description,
        pointsCost: item.pointsCost,
        randValue: item.randValue,
        fulfilment: item.fulfilment,
        stockLeft: item.stock ?? null,
        memberLimit: item.memberLimit ?? null,
        pictureId: pictures[i]!.picId,
        // Staggered so that "newest" means something.
        createdAt: new Date(now.getTime() - (SEED_REWARDS.length - i) * 7 * HOUR),
      })),
    )
    .returning();

  const code = (prefix: string) =>
    `${prefix}-${Array.from({ length: 8 }, (_, i) => (i === 4 ? '-' : '') + random.pick([...CODE_ALPHABET])).join('')}`;
  for (const [i, item] of SEED_REWARDS.entries()) {
    if (item.fulfilment !== 'voucher') continue;
    await insertCodes(
      db,
      inserted[i]!.id,
      Array.from({ length: item.stock ?? 0 }, () => code(item.codePrefix ?? 'OVN')),
    );
  }

  await seedPastOrders(db, now, inserted);
}

/** Two orders of member.za@example.com: a fulfilled voucher and a delivery being processed. */
async function seedPastOrders(db: Db, now: Date, items: (typeof rewards.$inferSelect)[]) {
  const [member] = await db.select().from(members).where(eq(members.email, 'member.za@example.com')).limit(1);
  if (!member) return;
  const byName = (name: string) => items.find((r) => r.name === name)!;
  const address = {
    recipient: `${member.firstName} ${member.surname}`,
    line1: '12 Protea Road',
    line2: 'Claremont',
    city: 'Cape Town',
    postalCode: '7708',
    phone: member.cellNum ?? '+27 82 555 0101',
  };
  await saveAddress(db, member.id, address);
  const plans = [
    { reward: byName('Uber Eats R150 Voucher'), status: 'fulfilled' as const, daysAgo: 9 },
    { reward: byName('Scented Candle Trio'), status: 'processing' as const, daysAgo: 2 },
  ];
  let balance = (await readMemberBalances(db, member.id)).awardsPointsAvailable;
  for (const plan of plans) {
    const { reward } = plan;
    if (reward.pointsCost > balance) continue;
    balance -= reward.pointsCost;
    const placedAt = new Date(now.getTime() - plan.daysAgo * 24 * HOUR);
    const order = await insertOrder(db, {
      memberId: member.id,
      status: plan.status,
      totalPoints: reward.pointsCost,
      address: reward.fulfilment === 'delivery' ? address : null,
      placedAt,
      updatedAt: placedAt,
    });
    const posted = await transfer(db, {
      kind: 'redemption',
      memo: orderMemo(order.id),
      actorMemberId: member.id,
      legs: [
        { member: { memberId: member.id, kind: 'points' }, amount: -reward.pointsCost },
        { system: 'redemptions', amount: reward.pointsCost },
      ],
    });
    await setOrderTransaction(db, order.id, posted.transactionId);
    const [line] = await insertOrderLines(db, [
      {
        orderId: order.id,
        rewardId: reward.id,
        name: reward.name,
        fulfilment: reward.fulfilment,
        quantity: 1,
        pointsCost: reward.pointsCost,
        randValue: reward.randValue,
      },
    ]);
    await reserveStock(db, reward.id, 1);
    if (reward.memberLimit !== null) await countMemberTotal(db, member.id, reward.id, 1, reward.memberLimit);
    if (reward.fulfilment === 'voucher') await allocateCodes(db, reward.id, line!.id, 1);
    const later = (hours: number) => new Date(placedAt.getTime() + hours * HOUR);
    await insertOrderEvents(db, [
      { orderId: order.id, status: 'placed', actorMemberId: member.id, createdAt: placedAt },
      { orderId: order.id, status: 'processing', actorMemberId: null, createdAt: later(1) },
      ...(plan.status === 'fulfilled'
        ? [{ orderId: order.id, status: 'fulfilled', note: 'Code e-mailed', actorMemberId: null, createdAt: later(2) }]
        : []),
    ]);
  }
}
