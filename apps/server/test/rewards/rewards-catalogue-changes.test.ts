import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { fund, newKey, send } from '../support/ledger-factories.ts';
import { catalogueReads, countingSnapshots } from '../support/rewards-catalogue-cache.ts';
import { ADDRESS, codesFor, createCategory, createReward, putBasketLine } from '../support/rewards-factories.ts';

/**
 * The catalogue's written answers (decision 0047), with caching on as in production: every change
 * to the catalogue made through the app visible on the very next read, and no snapshot dropped
 * for what changes nothing. Items the factories write straight into the database reach the cache
 * through the database's notice, which `heardAll()` waits for.
 */
let snapshot = { loads: 0, drops: 0 };
const ctx = setupApp({}, { services: countingSnapshots(() => snapshot) });
const { notices, catalogue } = catalogueReads(ctx);

async function admin() {
  return (await memberWithToken(ctx, { isAdminReports: true })).token;
}

describe('a change to the catalogue', () => {
  const itemsOf = async (token: string, slug: string) =>
    (await catalogue(token, `category=${slug}&sort=name`)).items as {
      rewardId: number;
      name: string;
      pointsCost: number;
      stockLeft: number | null;
    }[];

  it('made by an administrator (new, edited, withdrawn, codes loaded, new category) shows on the next read', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app, 'Bilby Treats');
    await notices.heardAll();
    const { token: shopper } = await memberWithToken(ctx);
    expect(await itemsOf(shopper, category.slug)).toEqual([]);

    const item = {
      category: category.slug,
      name: 'Bilby Biscuit',
      description: 'Crunchy',
      pointsCost: 90,
      randValue: 9_000,
      fulfilment: 'delivery',
      stockLeft: 3,
      memberLimit: null,
      active: true,
    };
    const created = await send(ctx, '/api/admin/rewards/items', token, item, null);
    expect(created.statusCode).toBe(200);
    const rewardId = created.json().rewardId as number;
    expect(await itemsOf(shopper, category.slug)).toMatchObject([{ rewardId, name: 'Bilby Biscuit', pointsCost: 90 }]);

    const edit = (changes: object) =>
      ctx.request({
        method: 'PUT',
        url: `/api/admin/rewards/items/${rewardId}`,
        token,
        payload: { ...item, ...changes },
      });
    expect((await edit({ name: 'Bilby Cookie', pointsCost: 95, stockLeft: 7 })).statusCode).toBe(200);
    expect(await itemsOf(shopper, category.slug)).toMatchObject([
      { name: 'Bilby Cookie', pointsCost: 95, stockLeft: 7 },
    ]);
    expect((await edit({ name: 'Bilby Cookie', pointsCost: 95, stockLeft: 7, active: false })).statusCode).toBe(200);
    expect(await itemsOf(shopper, category.slug)).toEqual([]);

    const voucher = await createReward(ctx.app, category.id, { name: 'Bilby Voucher', codes: codesFor('BIL', 1) });
    await edit({ name: 'Bilby Cookie', pointsCost: 95, stockLeft: 7, active: true });
    expect((await itemsOf(shopper, category.slug)).map((i) => [i.name, i.stockLeft])).toEqual([
      ['Bilby Cookie', 7],
      ['Bilby Voucher', 1],
    ]);
    const codes = await send(
      ctx,
      `/api/admin/rewards/items/${voucher.id}/codes`,
      token,
      { csv: 'BIL-NEW-1\nBIL-NEW-2' },
      null,
    );
    expect(codes.json()).toMatchObject({ added: 2 });
    expect((await itemsOf(shopper, category.slug)).find((i) => i.rewardId === voucher.id)?.stockLeft).toBe(3);

    const before = (await catalogue(shopper, 'q=bilby')).categories.map((c: { slug: string }) => c.slug);
    const added = await send(
      ctx,
      '/api/admin/rewards/categories',
      token,
      { name: 'Bilby Extras', slug: 'bilby-extras' },
      null,
    );
    expect(added.statusCode).toBe(200);
    const after = (await catalogue(shopper, 'q=bilby')).categories.map((c: { slug: string }) => c.slug);
    expect(after).toEqual(expect.arrayContaining([...before, 'bilby-extras']));
    expect(after).toHaveLength(before.length + 1);
  });

  it('in stock, by a checkout or a member’s cancel, shows on the next read', async () => {
    const category = await createCategory(ctx.app, 'Dingo Gear');
    const limited = await createReward(ctx.app, category.id, { name: 'Dingo Lamp', pointsCost: 50, stockLeft: 4 });
    await createReward(ctx.app, category.id, { name: 'Dingo Mug', pointsCost: 30 });
    await notices.heardAll();
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 1_000);
    const stock = async () => (await itemsOf(token, category.slug)).map((i) => [i.name, i.stockLeft]);
    expect(await stock()).toEqual([
      ['Dingo Lamp', 4],
      ['Dingo Mug', null],
    ]);
    const put = await putBasketLine(ctx, token, limited.id, 3);
    expect(put.statusCode).toBe(200);
    const placed = await send(ctx, '/api/rewards/checkout', token, { address: ADDRESS }, newKey());
    expect(placed.statusCode).toBe(200);
    expect(await stock()).toEqual([
      ['Dingo Lamp', 1],
      ['Dingo Mug', null],
    ]);
    const cancelled = await send(ctx, `/api/orders/${placed.json().orderId}/cancel`, token, {}, newKey());
    expect(cancelled.statusCode).toBe(200);
    expect(await stock()).toEqual([
      ['Dingo Lamp', 4],
      ['Dingo Mug', null],
    ]);
  });

  it('is not made by a checkout of unlimited items only: the snapshot stays', async () => {
    const category = await createCategory(ctx.app, 'Koala Causes');
    const donation = await createReward(ctx.app, category.id, {
      name: 'Koala Fund',
      pointsCost: 10,
      fulfilment: 'donation',
    });
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 100);
    await notices.heardAll();
    expect((await itemsOf(token, category.slug)).map((i) => i.name)).toEqual(['Koala Fund']);
    const put = await putBasketLine(ctx, token, donation.id, 2);
    expect(put.statusCode).toBe(200);
    snapshot = { loads: 0, drops: 0 };
    expect((await send(ctx, '/api/rewards/checkout', token, {}, newKey())).statusCode).toBe(200);
    // Any notice the checkout's commit sent would have arrived before this one.
    await notices.heardAll();
    expect(snapshot.drops).toBe(1); // heardAll's own marked notice
  });
});
