import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { basketLines, emailOutbox, idempotencyKeys, rewardOrders } from '../../src/db/schema/index.ts';
import { BASKET_CHANGED } from '../../src/modules/rewards/checkout.ts';
import { setupApp } from '../support/build-app.ts';
import { faultyTransactions, type Fault } from '../support/faulty-db.ts';
import { memberWithToken } from '../support/factories.ts';
import { balancesOf, fund, newKey, send } from '../support/ledger-factories.ts';
import {
  allocatedCodes,
  codesFor,
  createCategory,
  createReward,
  putBasketLine,
  rewardRow,
} from '../support/rewards-factories.ts';

/** Real concurrency, so PostgreSQL only (*.pg.test.ts): PGlite runs one transaction at a time. */
// The send runner's database fails on demand (the failure test arms it); everything else is real.
const fault: Fault = { insertInto: null };
const ctx = setupApp(
  {},
  { services: (s) => ({ ...s, sends: { ...s.sends, transactions: faultyTransactions(s.sends.transactions, fault) } }) },
);
const CHECKOUT = '/api/rewards/checkout';

const putLine = (token: string, rewardId: number, quantity: number) => putBasketLine(ctx, token, rewardId, quantity);

async function shoppers(n: number, points: number, rewardId: number) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const { member, token } = await memberWithToken(ctx);
      await fund(ctx.app, member.id, points);
      expect((await putLine(token, rewardId, 1)).statusCode).toBe(200);
      return { member, token };
    }),
  );
}

const redemptionsBalance = async () => {
  const result = (await ctx.app.db.execute(
    sql`select balance::int as b from ledger_accounts where member_id is null and kind = 'redemptions'`,
  )) as unknown as { rows: { b: number }[] };
  return result.rows[0]?.b ?? 0;
};

describe('rewards checkout under real concurrency', () => {
  it('one basket checked out from two tabs at once is charged once: the other finds it changed', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, {
      name: 'Twin Tab Mug',
      pointsCost: 100,
      fulfilment: 'donation',
    });
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 1_000);
    expect((await putLine(token, item.id, 2)).statusCode).toBe(200);
    const answers = await Promise.all([send(ctx, CHECKOUT, token, {}), send(ctx, CHECKOUT, token, {})]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join(' | ')).toEqual([200, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(refused.json().message).toBe(BASKET_CHANGED);
    expect(await ctx.app.db.select().from(rewardOrders).where(eq(rewardOrders.memberId, member.id))).toHaveLength(1);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(800);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('50 members race for the last unit: one order, stock 0, 49 clear refusals, no points lost', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { name: 'Last Kettle', pointsCost: 100, stockLeft: 1 });
    const buyers = await shoppers(50, 500, item.id);
    const before = await redemptionsBalance();
    const responses = await Promise.all(buyers.map((b) => send(ctx, CHECKOUT, b.token, { address: ADDRESS })));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.json().message).toBe('Last Kettle is sold out');
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(0);
    const balances = await Promise.all(buyers.map((b) => balancesOf(ctx.app, b.member.id)));
    expect(balances.map((b) => b.awardsPointsAvailable).sort((a, b) => a - b)).toEqual([400, ...Array(49).fill(500)]);
    expect((await redemptionsBalance()) - before).toBe(100);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('50 concurrent voucher checkouts against 20 codes: no code given twice', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, {
      name: 'Pool Voucher',
      pointsCost: 50,
      codes: codesFor('POOL', 20),
    });
    const buyers = await shoppers(50, 100, item.id);
    const responses = await Promise.all(buyers.map((b) => send(ctx, CHECKOUT, b.token, {})));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(30);
    const codes = await allocatedCodes(ctx.app, item.id);
    expect(codes).toHaveLength(20);
    expect(new Set(codes.map((c) => c.code)).size).toBe(20);
    expect(new Set(codes.map((c) => c.orderLineId)).size).toBe(20);
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(0);
    const spent = (await Promise.all(buyers.map((b) => balancesOf(ctx.app, b.member.id)))).filter(
      (b) => b.awardsPointsAvailable === 50,
    );
    expect(spent).toHaveLength(20);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('the same Idempotency-Key 30 times at once: one order', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 40, stockLeft: 10 });
    const [buyer] = await shoppers(1, 1000, item.id);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => send(ctx, CHECKOUT, buyer!.token, { address: ADDRESS }, key)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const orderIds = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.json().orderId));
    expect(orderIds.size).toBe(1);
    const orders = (await ctx.request({ method: 'GET', url: '/api/orders', token: buyer!.token })).json().orders;
    expect(orders).toHaveLength(1);
    expect((await balancesOf(ctx.app, buyer!.member.id)).awardsPointsAvailable).toBe(960);
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(9);
  });

  it('a cancelled order refunds exactly, even when cancelled twice at once, and the ledger stays clean', async () => {
    const category = await createCategory(ctx.app);
    // A donation with stock: an order with a voucher is not the member's to cancel (decision 0069).
    const item = await createReward(ctx.app, category.id, { pointsCost: 75, fulfilment: 'donation', stockLeft: 4 });
    const [buyer] = await shoppers(1, 300, item.id);
    await putLine(buyer!.token, item.id, 3);
    const { orderId } = (await send(ctx, CHECKOUT, buyer!.token, {})).json();
    expect((await balancesOf(ctx.app, buyer!.member.id)).awardsPointsAvailable).toBe(75);
    const before = await redemptionsBalance();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => send(ctx, `/api/orders/${orderId}/cancel`, buyer!.token, {})),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await balancesOf(ctx.app, buyer!.member.id)).awardsPointsAvailable).toBe(300);
    expect(before - (await redemptionsBalance())).toBe(225);
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(4);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a failure injected after the debit leaves nothing written, and the same key can be retried', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, {
      pointsCost: 60,
      codes: codesFor('FAIL', 3),
      memberLimit: 2,
    });
    const [buyer] = await shoppers(1, 200, item.id);
    const before = await redemptionsBalance();
    const key = newKey();
    // The confirmation e-mail is queued after the debit, the order, its lines and its codes were
    // written: failing there fails at the very end of the checkout's transaction.
    fault.insertInto = emailOutbox;
    try {
      expect((await send(ctx, CHECKOUT, buyer!.token, {}, key)).statusCode).toBe(500);
    } finally {
      fault.insertInto = null;
    }
    expect((await balancesOf(ctx.app, buyer!.member.id)).awardsPointsAvailable).toBe(200);
    expect(await redemptionsBalance()).toBe(before);
    expect(await ctx.app.db.select().from(rewardOrders).where(eq(rewardOrders.memberId, buyer!.member.id))).toEqual([]);
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(3);
    expect(await allocatedCodes(ctx.app, item.id)).toEqual([]);
    expect(await ctx.app.db.select().from(basketLines).where(eq(basketLines.memberId, buyer!.member.id))).toHaveLength(
      1,
    );
    expect(await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const retry = await send(ctx, CHECKOUT, buyer!.token, {}, key);
    expect(retry.statusCode).toBe(200);
    expect((await balancesOf(ctx.app, buyer!.member.id)).awardsPointsAvailable).toBe(140);
    expect(await allocatedCodes(ctx.app, item.id)).toHaveLength(1);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('one code loaded into two items at once: one load takes it, the other is refused whole', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const category = await createCategory(ctx.app);
    const items = await Promise.all([1, 2].map(() => createReward(ctx.app, category.id, { codes: codesFor('PV', 1) })));
    const [shared] = codesFor('SHARED', 1);
    const loads = await Promise.all(
      items.map((item) =>
        ctx.request({
          method: 'POST',
          url: `/api/admin/rewards/items/${item.id}/codes`,
          token,
          payload: { csv: `${codesFor('OWN', 1)[0]}\n${shared}\n` },
        }),
      ),
    );
    expect(loads.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const stocks = await Promise.all(items.map(async (item) => (await rewardRow(ctx.app, item.id)).stockLeft));
    expect(stocks.sort()).toEqual([1, 3]);
  });
});

const ADDRESS = {
  recipient: 'Test Member',
  line1: '1 Main Road',
  line2: '',
  city: 'Durban',
  postalCode: '4001',
  phone: '+27 82 555 0000',
};
