import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { balancesOf, emailsTo, newKey, send } from '../support/ledger-factories.ts';
import {
  ADDRESS,
  allocatedCodes,
  codesFor,
  createCategory,
  createReward,
  ordersOf,
  rewardRow,
} from '../support/rewards-factories.ts';
import { CHECKOUT, checkoutHelpers } from '../support/rewards-checkout.ts';

/** Checking out a basket: payment, stock, codes, the order and its e-mail. Refusals: rewards-checkout-refusals.test.ts. */
const ctx = setupApp();
const { putLine, get, shopper } = checkoutHelpers(ctx);

describe('POST /api/rewards/checkout', () => {
  it('needs a session (401), South Africa (403) and an Idempotency-Key (400)', async () => {
    expect((await send(ctx, CHECKOUT, undefined, {})).statusCode).toBe(401);
    const kenyan = await shopper(0, { country: 'Kenya' });
    expect((await send(ctx, CHECKOUT, kenyan.token, {})).statusCode).toBe(403);
    const { token } = await shopper(0);
    const res = await send(ctx, CHECKOUT, token, {}, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.idempotencyKey).toBeDefined();
  });

  it('refuses a bad address with field errors (400)', async () => {
    const { token } = await shopper(100);
    const res = await send(ctx, CHECKOUT, token, { address: { ...ADDRESS, postalCode: '12', city: '' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['address.city', 'address.postalCode']);
  });

  it('pays, reserves stock, allocates codes, writes the order, clears the basket and e-mails', async () => {
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, {
      name: 'Cinema Voucher',
      pointsCost: 150,
      codes: codesFor('CIN', 5),
    });
    const parcel = await createReward(ctx.app, category.id, {
      name: 'Desk Lamp',
      pointsCost: 200,
      stockLeft: 4,
      memberLimit: 2,
    });
    const { member, token } = await shopper(1000);
    await putLine(token, voucher.id, 2);
    await putLine(token, parcel.id, 1);

    const res = await send(ctx, CHECKOUT, token, { address: ADDRESS });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'placed', totalPoints: 500, balances: { awardsPointsAvailable: 500 } });
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(500);
    expect((await rewardRow(ctx.app, voucher.id)).stockLeft).toBe(3);
    expect((await rewardRow(ctx.app, parcel.id)).stockLeft).toBe(3);
    expect(await allocatedCodes(ctx.app, voucher.id)).toHaveLength(2);

    const basket = (await get('/api/rewards/basket', token)).json();
    expect(basket).toMatchObject({ lines: [], balance: 500, savedAddress: ADDRESS });

    const orders = (await get('/api/orders', token)).json().orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      orderId: body.orderId,
      status: 'placed',
      totalPoints: 500,
      canCancel: false, // it holds a voucher, whose codes are shown now
      address: ADDRESS,
    });
    const cinema = orders[0].lines.find((l: { name: string }) => l.name === 'Cinema Voucher');
    expect(cinema).toMatchObject({ quantity: 2, lineTotal: 300, randValue: 10_000 });
    expect(cinema.codes).toHaveLength(2);
    expect(cinema.codes[0]).toMatch(/^CIN-/);
    expect(orders[0].history).toEqual([expect.objectContaining({ status: 'placed', by: 'You' })]);

    const mail = (await emailsTo(ctx.app, member.email!))[0]!;
    expect(mail.subject).toBe(`Your rewards order #${body.orderId}`);
    expect(mail.bodyText).toContain(cinema.codes[0]);
    expect(mail.bodyText).toContain('R 200.00');
    // The codes are the member's: the outbox shows administrators the mail, not its body.
    const { token: adminToken } = await memberWithToken(ctx, { isAdminReports: true });
    const outbox = (await get('/api/admin/outbox?limit=200', adminToken)).json();
    const listed = outbox.emails.find((e: { subject: string }) => e.subject === mail.subject);
    expect(listed).toMatchObject({ kind: 'rewards-order-placed', sensitive: true, bodyText: null });
    expect(JSON.stringify(outbox)).not.toContain(cinema.codes[0]);

    expect((await get(`/api/orders/${body.orderId}`, token)).json().orderId).toBe(body.orderId);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('refuses a total other than the one the member confirmed (the basket changed elsewhere): nothing moves', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 100, fulfilment: 'donation' });
    const { member, token } = await shopper(1_000);
    await putLine(token, item.id, 3);
    const res = await send(ctx, CHECKOUT, token, { expectedTotalPoints: 200 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Your basket changed: it now comes to 300 Kudos. Please check it and check out again.',
    );
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(1_000);
    expect((await send(ctx, CHECKOUT, token, { expectedTotalPoints: 300 })).statusCode).toBe(200);
  });

  it('uses the saved address when none is sent, and asks for one when there is none', async () => {
    const category = await createCategory(ctx.app);
    const parcel = await createReward(ctx.app, category.id, { pointsCost: 10 });
    const { token } = await shopper(100);
    await putLine(token, parcel.id, 1);
    const missing = await send(ctx, CHECKOUT, token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.address).toEqual(['Enter a delivery address for the items we deliver']);
    expect((await send(ctx, CHECKOUT, token, { address: ADDRESS })).statusCode).toBe(200);
    await putLine(token, parcel.id, 1);
    expect((await send(ctx, CHECKOUT, token, {})).statusCode).toBe(200);
  });

  it('replays the answer for the same Idempotency-Key and refuses it with another body (422)', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 10, fulfilment: 'donation' });
    const { member, token } = await shopper(100);
    await putLine(token, item.id, 1);
    const key = newKey();
    const first = await send(ctx, CHECKOUT, token, {}, key);
    const again = await send(ctx, CHECKOUT, token, {}, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf(ctx.app, member.id)).toHaveLength(1);
    expect((await send(ctx, CHECKOUT, token, { address: ADDRESS }, key)).statusCode).toBe(422);
  });
});
