import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { basketLines, rewardMemberTotals, voucherCodes } from '../../src/db/schema/index.ts';
import { updateReward } from '../../src/modules/rewards/catalogue.repository.ts';
import { setupApp } from '../support/build-app.ts';
import { balancesOf, emailsTo, send } from '../support/ledger-factories.ts';
import { ADDRESS, codesFor, createCategory, createReward, ordersOf, rewardRow } from '../support/rewards-factories.ts';
import { CHECKOUT, checkoutHelpers } from '../support/rewards-checkout.ts';

/** A checkout refused (empty basket, funds, stock, limits, withdrawn items, prices) writes nothing. */
const ctx = setupApp();
const { putLine, get, shopper } = checkoutHelpers(ctx);

describe('POST /api/rewards/checkout', () => {
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
});
