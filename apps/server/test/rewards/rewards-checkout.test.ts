import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basketLines, rewardMemberTotals, voucherCodes } from '../../src/db/schema/index.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { updateReward } from '../../src/modules/rewards/catalogue.repository.ts';
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
  putBasketLine,
  shopper as shopperOf,
  rewardRow,
} from '../support/rewards-factories.ts';

const ctx = setupApp();
const CHECKOUT = '/api/rewards/checkout';

const putLine = (token: string, rewardId: number, quantity: number) => putBasketLine(ctx, token, rewardId, quantity);
const get = (url: string, token?: string) => ctx.request({ method: 'GET', url, token });

const shopper = (points: number, overrides = {}) => shopperOf(ctx, points, overrides);

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

  describe('refusals write nothing', () => {
    async function expectRefused(
      { token, member }: Awaited<ReturnType<typeof shopper>>,
      status: number,
      message: string,
      balance: number,
    ) {
      const memberId = member.id;
      const res = await send(ctx, CHECKOUT, token, { address: ADDRESS });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect((await balancesOf(ctx.app, memberId)).awardsPointsAvailable).toBe(balance);
      expect(await ordersOf(ctx.app, memberId)).toEqual([]);
      expect(await emailsTo(ctx.app, member.email!)).toEqual([]);
    }

    it('an empty basket', async () => {
      const buyer = await shopper(100);
      await expectRefused(buyer, 422, 'Your basket is empty', 100);
    });

    it('not enough Kudos', async () => {
      const category = await createCategory(ctx.app);
      const item = await createReward(ctx.app, category.id, { pointsCost: 80, stockLeft: 3 });
      const buyer = await shopper(100);
      await putLine(buyer.token, item.id, 2);
      await expectRefused(buyer, 422, 'You do not have enough Kudos for this order', 100);
      expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(3);
    });

    it('sold out (naming the item), and fewer left than asked', async () => {
      const category = await createCategory(ctx.app);
      const item = await createReward(ctx.app, category.id, { name: 'Kettle', stockLeft: 2 });
      const buyer = await shopper(1000);
      await putLine(buyer.token, item.id, 2);
      await updateReward(ctx.app.db, item.id, { stockLeft: 1 });
      await expectRefused(buyer, 422, 'Only 1 of Kettle left', 1000);
      await updateReward(ctx.app.db, item.id, { stockLeft: 0 });
      await expectRefused(buyer, 422, 'Kettle is sold out', 1000);
    });

    it('over the per-member limit across orders', async () => {
      const category = await createCategory(ctx.app);
      const item = await createReward(ctx.app, category.id, { name: 'Smart Watch', pointsCost: 10, memberLimit: 1 });
      const buyer = await shopper(1000);
      await putLine(buyer.token, item.id, 1);
      expect((await send(ctx, CHECKOUT, buyer.token, { address: ADDRESS })).statusCode).toBe(200);
      // Added from another device before the first order went through.
      await ctx.app.db
        .insert(basketLines)
        .values({ memberId: buyer.member.id, rewardId: item.id, quantity: 1, agreedPointsCost: 10 });
      const res = await send(ctx, CHECKOUT, buyer.token, { address: ADDRESS });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('You can order at most 1 of Smart Watch');
      expect(await ordersOf(ctx.app, buyer.member.id)).toHaveLength(1);
      expect((await balancesOf(ctx.app, buyer.member.id)).awardsPointsAvailable).toBe(990);
    });

    it('more than the per-member limit in a first order: nothing counted, nothing taken', async () => {
      const category = await createCategory(ctx.app);
      const item = await createReward(ctx.app, category.id, {
        name: 'Smart Ring',
        pointsCost: 10,
        memberLimit: 1,
        stockLeft: 5,
      });
      const buyer = await shopper(1000);
      // Added from another device (the basket refuses it), so only checkout's check stands in the way.
      await ctx.app.db
        .insert(basketLines)
        .values({ memberId: buyer.member.id, rewardId: item.id, quantity: 2, agreedPointsCost: 10 });
      await expectRefused(buyer, 422, 'You can order at most 1 of Smart Ring', 1000);
      expect(
        await ctx.app.db.select().from(rewardMemberTotals).where(eq(rewardMemberTotals.rewardId, item.id)),
      ).toEqual([]);
      expect((await rewardRow(ctx.app, item.id)).stockLeft).toBe(5);
    });

    it('a voucher whose codes were taken out by hand: sold out, and nothing else changes', async () => {
      const category = await createCategory(ctx.app);
      const voucher = await createReward(ctx.app, category.id, {
        name: 'Spa Voucher',
        pointsCost: 50,
        codes: codesFor('SPA', 2),
      });
      const lamp = await createReward(ctx.app, category.id, { name: 'Reading Lamp', pointsCost: 20, stockLeft: 3 });
      const buyer = await shopper(1000);
      await putLine(buyer.token, voucher.id, 2);
      await putLine(buyer.token, lamp.id, 1);
      await ctx.app.db.delete(voucherCodes).where(eq(voucherCodes.rewardId, voucher.id));
      await expectRefused(buyer, 422, 'Spa Voucher is sold out', 1000);
      expect((await rewardRow(ctx.app, voucher.id)).stockLeft).toBe(2);
      expect((await rewardRow(ctx.app, lamp.id)).stockLeft).toBe(3);
      expect((await get('/api/rewards/basket', buyer.token)).json().lines).toHaveLength(2);
    });

    it('an item withdrawn since it was added', async () => {
      const category = await createCategory(ctx.app);
      const item = await createReward(ctx.app, category.id, { name: 'Old Radio' });
      const buyer = await shopper(1000);
      await putLine(buyer.token, item.id, 1);
      await updateReward(ctx.app.db, item.id, { active: false });
      await expectRefused(buyer, 422, 'Old Radio has been withdrawn from the catalogue', 1000);
    });

    it('a price changed since it was added (409, shows the new price; accepting it lets the member check out)', async () => {
      const category = await createCategory(ctx.app);
      const item = await createReward(ctx.app, category.id, { name: 'Mug', pointsCost: 100 });
      const buyer = await shopper(1000);
      await putLine(buyer.token, item.id, 1);
      await updateReward(ctx.app.db, item.id, { pointsCost: 130 });
      await expectRefused(
        buyer,
        409,
        'The price of Mug changed from 100 to 130 Kudos. Check your basket and check out again.',
        1000,
      );
      await putLine(buyer.token, item.id, 1);
      const res = await send(ctx, CHECKOUT, buyer.token, { address: ADDRESS });
      expect(res.statusCode).toBe(200);
      expect(res.json().totalPoints).toBe(130);
    });
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
