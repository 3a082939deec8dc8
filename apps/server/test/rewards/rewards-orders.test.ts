import { describe, expect, it } from 'vitest';
import { VOUCHER_ORDER_NOT_CANCELLABLE } from '@ovation/shared/rewards-rules';
import { ORDERS_PAGE_SIZE } from '@ovation/shared/schemas/rewards';
import { rewardOrders } from '../../src/db/schema/index.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { updateReward } from '../../src/modules/rewards/catalogue.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { balancesOf, emailsTo, newKey, send } from '../support/ledger-factories.ts';
import {
  allocatedCodes,
  codesFor,
  createCategory,
  createReward,
  putBasketLine,
  shopper as shopperOf,
  rewardRow,
} from '../support/rewards-factories.ts';

/** My Orders and cancelling an order (the checkout itself: rewards-checkout.test.ts). */
const ctx = setupApp();
const CHECKOUT = '/api/rewards/checkout';

const putLine = (token: string, rewardId: number, quantity: number) => putBasketLine(ctx, token, rewardId, quantity);
const get = (url: string, token?: string) => ctx.request({ method: 'GET', url, token });
const cancel = (token: string | undefined, orderId: number | string, key: string | null = newKey()) =>
  send(ctx, `/api/orders/${orderId}/cancel`, token, {}, key);

const shopper = (points: number, overrides = {}) => shopperOf(ctx, points, overrides);

describe('My Orders', () => {
  it('needs a session (401) and South Africa (403); another member’s order is 404', async () => {
    expect((await get('/api/orders')).statusCode).toBe(401);
    const kenyan = await shopper(0, { country: 'Kenya' });
    expect((await get('/api/orders', kenyan.token)).statusCode).toBe(403);
    expect((await get('/api/orders/1', kenyan.token)).statusCode).toBe(403);
    expect((await cancel(kenyan.token, 1)).statusCode).toBe(403);

    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 10, codes: codesFor('SEC', 2) });
    const owner = await shopper(100);
    await putLine(owner.token, item.id, 1);
    const { orderId } = (await send(ctx, CHECKOUT, owner.token, {})).json();
    const other = await shopper(100);
    expect((await get(`/api/orders/${orderId}`, other.token)).statusCode).toBe(404);
    expect((await cancel(other.token, orderId)).statusCode).toBe(404);
    expect((await get('/api/orders', other.token)).json().orders).toEqual([]);
    expect((await get('/api/orders/abc', other.token)).statusCode).toBe(400);
  });

  it('comes in pages of 50, newest first, each saying where the next, older one starts', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 10, codes: codesFor('PGE', 1) });
    const member = await shopper(100);
    await putLine(member.token, item.id, 1);
    const { orderId: oldest } = (await send(ctx, CHECKOUT, member.token, {})).json();
    // Fifty-five later orders (bare rows: the list's paging is what is tested here).
    await ctx.app.db.insert(rewardOrders).values(
      Array.from({ length: ORDERS_PAGE_SIZE + 5 }, () => ({
        memberId: member.member.id,
        status: 'fulfilled',
        totalPoints: 1,
      })),
    );
    const first = (await get('/api/orders', member.token)).json();
    expect(first.orders).toHaveLength(ORDERS_PAGE_SIZE);
    const ids = first.orders.map((o: { orderId: number }) => o.orderId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.nextBefore).toBe(ids.at(-1));

    const second = (await get(`/api/orders?before=${first.nextBefore}`, member.token)).json();
    expect(second.orders).toHaveLength(6);
    expect(second.orders.at(-1)).toMatchObject({ orderId: oldest, lines: [expect.objectContaining({ quantity: 1 })] });
    expect(second.nextBefore).toBeNull();
    expect(new Set([...ids, ...second.orders.map((o: { orderId: number }) => o.orderId)]).size).toBe(56);

    const bad = await get('/api/orders?before=abc', member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.before).toEqual(['No such order']);
  });

  it('cancels a placed order: refunds exactly, restores stock and e-mails', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, {
      pointsCost: 150,
      fulfilment: 'donation',
      stockLeft: 3,
      memberLimit: 2,
    });
    const { member, token } = await shopper(400);
    await putLine(token, item.id, 2);
    const { orderId } = (await send(ctx, CHECKOUT, token, {})).json();
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(100);
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(1);
    // The item's page counts what the member holds against the limit.
    const held = async () => (await get(`/api/rewards/items/${item.id}`, token)).json().memberOrdered;
    expect(await held()).toBe(2);

    const res = await cancel(token, orderId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.balances.awardsPointsAvailable).toBe(400);
    expect(body.order).toMatchObject({ orderId, status: 'refunded', canCancel: false });
    expect(body.order.history.map((h: { status: string }) => h.status)).toEqual(['placed', 'cancelled', 'refunded']);
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(3);
    const mails = await emailsTo(ctx.app, member.email!);
    expect(mails.map((m) => m.subject)).toContain(`Your rewards order #${orderId} was cancelled and refunded`);
    // The limit counts only orders not refunded: the member may order two again.
    expect(await held()).toBe(0);
    expect((await putLine(token, item.id, 2)).statusCode).toBe(200);

    const twice = await cancel(token, orderId);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(`Order #${orderId} is already cancelled and refunded`);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(400);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('an order placed before the item had a limit still counts after another is cancelled', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { name: 'Umbrella', pointsCost: 10, fulfilment: 'donation' });
    const { token } = await shopper(100);
    await putLine(token, item.id, 2);
    expect((await send(ctx, CHECKOUT, token, {})).statusCode).toBe(200); // no limit yet
    await updateReward(ctx.app.db, item.id, { memberLimit: 3 });
    await putLine(token, item.id, 1);
    const { orderId } = (await send(ctx, CHECKOUT, token, {})).json();
    expect((await cancel(token, orderId)).statusCode).toBe(200);
    // Two stand against the limit of three: one more, not three.
    const over = await putLine(token, item.id, 2);
    expect(over.statusCode).toBe(422);
    expect((await putLine(token, item.id, 1)).statusCode).toBe(200);
    expect((await send(ctx, CHECKOUT, token, {})).statusCode).toBe(200);
  });

  it('one Idempotency-Key on another order is another request (422), not the first answer replayed', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 50, fulfilment: 'donation' });
    const { member, token } = await shopper(400);
    const orderIds: number[] = [];
    for (let i = 0; i < 2; i++) {
      await putLine(token, item.id, 1);
      orderIds.push((await send(ctx, CHECKOUT, token, {})).json().orderId);
    }
    const key = newKey();
    expect((await cancel(token, orderIds[0]!, key)).json().order.status).toBe('refunded');
    const other = await cancel(token, orderIds[1]!, key);
    expect(other.statusCode).toBe(422);
    expect((await get(`/api/orders/${orderIds[1]}`, token)).json().status).toBe('placed');
    expect((await cancel(token, orderIds[0]!, key)).json().order.orderId).toBe(orderIds[0]);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(350);
  });

  it('an order with a voucher cannot be cancelled by its member: the codes were shown at checkout', async () => {
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, { pointsCost: 150, codes: codesFor('RF', 2) });
    const { member, token } = await shopper(400);
    await putLine(token, voucher.id, 1);
    const { orderId } = (await send(ctx, CHECKOUT, token, {})).json();
    const mine = (await get(`/api/orders/${orderId}`, token)).json();
    expect(mine).toMatchObject({ status: 'placed', canCancel: false });
    const [code] = mine.lines[0].codes as string[];
    expect(code).toMatch(/^RF-/);

    const res = await cancel(token, orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(VOUCHER_ORDER_NOT_CANCELLABLE);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(250);
    expect((await get(`/api/orders/${orderId}`, token)).json().status).toBe('placed');
    // The code stays this member's: the next buyer gets the other one.
    const next = await shopper(400);
    await putLine(next.token, voucher.id, 1);
    const second = (await send(ctx, CHECKOUT, next.token, {})).json();
    const theirs = (await get(`/api/orders/${second.orderId}`, next.token)).json().lines[0].codes;
    expect(theirs).toHaveLength(1);
    expect(theirs).not.toContain(code);
    expect(await allocatedCodes(ctx.app, voucher.id)).toHaveLength(2);
  });
});
