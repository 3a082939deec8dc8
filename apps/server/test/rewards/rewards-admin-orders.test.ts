import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { balancesOf, emailsTo, fund, newKey, send } from '../support/ledger-factories.ts';
import { allocatedCodes, codesFor, createCategory, createReward, rewardRow } from '../support/rewards-factories.ts';
import { rewardsAdmin } from '../support/rewards-admin.ts';

/** The fulfilment queue: administrators move orders on, cancel them with a refund, but never their own. */
const ctx = setupApp();
const { json, admin, placedOrder } = rewardsAdmin(ctx);

describe('rewards administration', () => {
  it('fulfilment queue: lists waiting orders, moves them on with a note and e-mails the member', async () => {
    const token = await admin();
    const { member, orderId, token: memberToken } = await placedOrder();
    const queue = (await json('GET', '/api/admin/rewards/orders?q=Queue%20Member', token)).json();
    expect(queue.orders.map((o: { orderId: number }) => o.orderId)).toContain(orderId);
    expect(queue.orders.find((o: { orderId: number }) => o.orderId === orderId)).toMatchObject({
      status: 'placed',
      memberEmail: member.email,
    });
    const processing = await json('POST', `/api/admin/rewards/orders/${orderId}/status`, token, {
      status: 'processing',
    });
    expect(processing.json().status).toBe('processing');
    // The member can no longer cancel.
    expect((await send(ctx, `/api/orders/${orderId}/cancel`, memberToken, {})).statusCode).toBe(422);
    const fulfilled = await json('POST', `/api/admin/rewards/orders/${orderId}/status`, token, {
      status: 'fulfilled',
      note: 'Courier ref TCG123',
    });
    expect(fulfilled.json().history.at(-1)).toMatchObject({ status: 'fulfilled', note: 'Courier ref TCG123' });
    const again = await json('POST', `/api/admin/rewards/orders/${orderId}/status`, token, { status: 'processing' });
    expect(again.statusCode).toBe(422);
    expect((await emailsTo(ctx.app, member.email!)).map((m) => m.subject)).toContain(
      `Your rewards order #${orderId} has been fulfilled`,
    );
    const mine = (await json('GET', `/api/orders/${orderId}`, memberToken)).json();
    expect(mine.history.map((h: { status: string }) => h.status)).toEqual(['placed', 'processing', 'fulfilled']);
    expect(
      (await json('GET', '/api/admin/rewards/orders?status=fulfilled', token))
        .json()
        .orders.map((o: { orderId: number }) => o.orderId),
    ).toContain(orderId);
  });

  it('cancels a processing order with a refund (Idempotency-Key) and hides codes from the queue; shown codes stay spent', async () => {
    const token = await admin();
    const {
      member,
      orderId,
      item,
      token: memberToken,
    } = await placedOrder({
      fulfilment: 'voucher',
      codes: codesFor('ADM', 2),
      stockLeft: 2,
    });
    const listed = (await json('GET', '/api/admin/rewards/orders', token))
      .json()
      .orders.find((o: { orderId: number }) => o.orderId === orderId);
    expect(listed.lines[0].codes).toEqual([]);
    await json('POST', `/api/admin/rewards/orders/${orderId}/status`, token, { status: 'processing' });
    const url = `/api/admin/rewards/orders/${orderId}/cancel`;
    expect((await send(ctx, url, token, { note: 'Out of stock' }, null)).statusCode).toBe(400);
    const key = newKey();
    const res = await send(ctx, url, token, { note: 'Out of stock' }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.status).toBe('refunded');
    expect((await send(ctx, url, token, { note: 'Out of stock' }, key)).json()).toEqual(res.json());
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(500);
    // The code was shown and e-mailed at checkout: it stays with the order, out of the pool and the stock.
    expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(1);
    expect(await allocatedCodes(ctx.app, item.id)).toHaveLength(1);
    // …and the member's refunded order no longer shows it.
    const mine = await json('GET', `/api/orders/${orderId}`, memberToken);
    expect(mine.json()).toMatchObject({ status: 'refunded', lines: [expect.objectContaining({ codes: [] })] });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it("refuses an administrator's cancel of their own order (403): vouchers stay theirs, as any member's", async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, {
      pointsCost: 50,
      fulfilment: 'voucher',
      codes: codesFor('OWN', 1),
    });
    const { member, token } = await memberWithToken(ctx, { isAdminReports: true });
    await fund(ctx.app, member.id, 100);
    await json('PUT', `/api/rewards/basket/lines/${item.id}`, token, { quantity: 1 });
    const { orderId } = (await send(ctx, '/api/rewards/checkout', token, {})).json();
    const own = await send(ctx, `/api/admin/rewards/orders/${orderId}/cancel`, token, { note: 'Mine' });
    expect(own.statusCode).toBe(403);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(50);
    // Another administrator may (the order's rules for administrators are unchanged).
    const other = await send(ctx, `/api/admin/rewards/orders/${orderId}/cancel`, await admin(), { note: 'Theirs' });
    expect(other.statusCode).toBe(200);
  });
});
