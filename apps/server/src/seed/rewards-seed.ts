import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { members, rewardCategories, rewards } from '../db/schema/index.ts';
import { newPublicId } from '../lib/tokens.ts';
import { memberAccountId, systemAccountId } from '../core/ledger/accounts.repository.ts';
import { saveAddressSql } from '../modules/rewards/basket.repository.ts';
import { insertRewardPictures, reserveStock } from '../modules/rewards/catalogue.repository.ts';
import {
  memberTotalSql,
  insertOrder,
  insertOrderEvents,
  insertOrderLines,
  setOrderTransaction,
} from '../modules/rewards/orders.repository.ts';
import { allocateCodes, insertCodes } from '../modules/rewards/voucher-codes.repository.ts';
import { orderMemo } from '../modules/rewards/order-mail.ts';
import { rewardArtworkSvg } from '../modules/rewards/reward-artwork.ts';
import { SeedLedger } from './ledger-builder.ts';
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

/**
 * The smallest balance a member account had at any moment from `at` on, with everything
 * written so far: a posting dated `at` may take at most that, or the history would dip below
 * zero (ledger:verify's rule, and the statement's running balance).
 */
async function lowestBalanceSince(db: Db, accountId: number, at: Date): Promise<number> {
  const result = (await db.execute(sql`
    select least(
      (select coalesce(sum(amount), 0) from ledger_entries
       where account_id = ${accountId} and created_at < ${at.toISOString()}::timestamptz),
      (select min(running) from (
         select created_at, sum(amount) over (order by created_at, id) as running
         from ledger_entries where account_id = ${accountId}
       ) r where created_at >= ${at.toISOString()}::timestamptz)) as lowest`)) as unknown as {
    rows: { lowest: string | number }[];
  };
  return Number(result.rows[0]!.lowest);
}

/**
 * Two orders of member.za@example.com: a fulfilled voucher and a delivery being processed. Their
 * postings are dated when the orders were placed (through the seed's ledger builder, as the rest
 * of the demo history), so the Statement and My Orders give the same day and the same words.
 */
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
  await db.execute(saveAddressSql(member.id, address));
  const plans = [
    { reward: byName('Uber Eats R150 Voucher'), status: 'fulfilled' as const, daysAgo: 9 },
    { reward: byName('Scented Candle Trio'), status: 'processing' as const, daysAgo: 2 },
  ];
  const points = await memberAccountId(db, member.id, 'points');
  const redemptions = await systemAccountId(db, 'redemptions');
  const ledger = new SeedLedger();
  const paidBy: { orderId: number; transactionId: number }[] = [];
  let spent = 0;
  for (const plan of plans) {
    const { reward } = plan;
    const placedAt = new Date(now.getTime() - plan.daysAgo * 24 * HOUR);
    if (spent + reward.pointsCost > (await lowestBalanceSince(db, points, placedAt))) continue;
    spent += reward.pointsCost;
    const order = await insertOrder(db, {
      memberId: member.id,
      status: plan.status,
      totalPoints: reward.pointsCost,
      address: reward.fulfilment === 'delivery' ? address : null,
      placedAt,
      updatedAt: placedAt,
    });
    ledger.add({
      kind: 'redemption',
      memo: orderMemo([{ quantity: 1, name: reward.name }]),
      actorMemberId: member.id,
      createdAt: placedAt,
      legs: [
        { accountId: points, amount: -reward.pointsCost },
        { accountId: redemptions, amount: reward.pointsCost },
      ],
      onId: (transactionId) => paidBy.push({ orderId: order.id, transactionId }),
    });
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
    if (reward.memberLimit !== null) await db.execute(memberTotalSql(member.id, reward.id, 1, reward.memberLimit));
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
  // Only the order postings are new: the member's balance was checked above (an empty set).
  await ledger.write(db, new Set());
  for (const { orderId, transactionId } of paidBy) await setOrderTransaction(db, orderId, transactionId);
}
