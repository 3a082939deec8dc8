import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { rewardCategories, rewardOrders, rewards, voucherCodes } from '../../src/db/schema/index.ts';
import { LIVE_CHANNEL } from '../../src/core/live/instance-notices.ts';
import { insertCodes } from '../../src/modules/rewards/voucher-codes.repository.ts';
import type { TestContext } from './build-app.ts';
import { memberWithToken } from './factories.ts';
import { fund } from './ledger-factories.ts';

/** A category of the test's own making. */
export async function createCategory(app: FastifyInstance, name = `Category ${randomBytes(3).toString('hex')}`) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [row] = await app.db.insert(rewardCategories).values({ slug, name }).returning();
  return row!;
}

export interface RewardOverrides extends Partial<typeof rewards.$inferInsert> {
  /** Voucher codes to load into the pool (stock follows the pool). */
  codes?: string[];
}

/** An item (delivery, unlimited, 100 Kudos by default); voucher items get their codes as stock. */
export async function createReward(app: FastifyInstance, categoryId: number, overrides: RewardOverrides = {}) {
  const { codes, ...fields } = overrides;
  const [row] = await app.db
    .insert(rewards)
    .values({
      categoryId,
      name: `Reward ${randomBytes(3).toString('hex')}`,
      description: 'A test reward',
      pointsCost: 100,
      randValue: 10_000,
      fulfilment: codes ? 'voucher' : 'delivery',
      ...(codes ? { stockLeft: codes.length } : {}),
      ...fields,
    })
    .returning();
  if (codes) await insertCodes(app.db, row!.id, codes);
  return row!;
}

export const codesFor = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${randomBytes(3).toString('hex')}-${i}`);

export async function rewardRow(app: FastifyInstance, rewardId: number) {
  const [row] = await app.db.select().from(rewards).where(eq(rewards.id, rewardId));
  return row!;
}

export async function ordersOf(app: FastifyInstance, memberId: number) {
  return app.db.select().from(rewardOrders).where(eq(rewardOrders.memberId, memberId));
}

export async function allocatedCodes(app: FastifyInstance, rewardId: number) {
  return app.db
    .select({ code: voucherCodes.code, orderLineId: voucherCodes.orderLineId })
    .from(voucherCodes)
    .where(sql`${voucherCodes.rewardId} = ${rewardId} and ${voucherCodes.orderLineId} is not null`);
}

export const ADDRESS = {
  recipient: 'Naledi Mokoena',
  line1: '12 Protea Road',
  line2: '',
  city: 'Cape Town',
  postalCode: '7708',
  phone: '+27 82 555 0101',
};

/**
 * The catalogue change notices an instance hears (decision 0047; the database sends them at
 * commit). `heardAll()` sends a marked notice of its own and waits for it: notices arrive in
 * commit order, so every change committed before the call has then been heard (and the
 * instance's catalogue snapshot dropped). `count` is how many unmarked ones arrived.
 */
export function watchCatalogueNotices(app: FastifyInstance) {
  const watch = { count: 0, heardAll };
  const fences = new Map<string, () => void>();
  app.liveBus.subscribeNotices((notice) => {
    if (notice.type !== 'catalogue') return;
    const fence = (notice as { fence?: string }).fence;
    if (fence === undefined) watch.count++;
    else fences.get(fence)?.();
  });
  async function heardAll() {
    const fence = randomUUID();
    const heard = new Promise<void>((resolve) => fences.set(fence, resolve));
    await app.db.execute(
      sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ notice: { type: 'catalogue', fence } })})`,
    );
    await heard;
    fences.delete(fence);
  }
  return watch;
}

/** PUT /api/rewards/basket/lines/{rewardId}: puts `quantity` of an item in the member's basket. */
export const putBasketLine = (ctx: Pick<TestContext, 'request'>, token: string, rewardId: number, quantity: number) =>
  ctx.request({ method: 'PUT', url: `/api/rewards/basket/lines/${rewardId}`, token, payload: { quantity } });

/** A member with a session and `points` to spend (South African unless `overrides` say otherwise). */
export async function shopper(ctx: TestContext, points: number, overrides = {}) {
  const { member, token } = await memberWithToken(ctx, overrides);
  if (points > 0) await fund(ctx.app, member.id, points);
  return { member, token };
}
