import { describe, expect, it } from 'vitest';
import { catalogueResponseSchema } from '@ovation/shared/schemas/rewards';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { fund } from '../support/ledger-factories.ts';
import { codesFor, createCategory, createReward } from '../support/rewards-factories.ts';
import { updateReward } from '../../src/modules/rewards/catalogue.repository.ts';

// The catalogue snapshot is not cached here: tests write items straight into the database.
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });

const get = (url: string, token?: string) => ctx.request({ method: 'GET', url, token });
const putLine = (token: string | undefined, rewardId: number | string, payload: unknown) =>
  ctx.request({ method: 'PUT', url: `/api/rewards/basket/lines/${rewardId}`, token, payload: payload as object });

describe('rewards catalogue', () => {
  it('needs a session (401) and South Africa (403)', async () => {
    expect((await get('/api/rewards/catalogue')).statusCode).toBe(401);
    expect((await get('/api/rewards/basket')).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx, { country: 'Kenya' });
    expect((await get('/api/rewards/catalogue', token)).statusCode).toBe(403);
    expect((await get('/api/rewards/items/1', token)).statusCode).toBe(403);
    expect((await get('/api/rewards/basket', token)).statusCode).toBe(403);
    expect((await putLine(token, 1, { quantity: 1 })).statusCode).toBe(403);
  });

  it('lists categories with counts, filters, searches, sorts and pages', async () => {
    const vouchers = await createCategory(ctx.app, 'Search Vouchers');
    const home = await createCategory(ctx.app, 'Search Home');
    for (let i = 0; i < 14; i++) {
      await createReward(ctx.app, vouchers.id, {
        name: `Zebra Voucher ${String(i).padStart(2, '0')}`,
        pointsCost: 50 + i,
      });
    }
    const mug = await createReward(ctx.app, home.id, { name: 'Zebra Mug', description: 'Striped', pointsCost: 30 });
    await createReward(ctx.app, home.id, { name: 'Zebra Withdrawn', active: false });
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 55);

    const all = (await get('/api/rewards/catalogue?q=zebra', token)).json();
    // The route writes its JSON itself: it must be exactly the response schema's shape.
    expect(catalogueResponseSchema.parse(all)).toEqual(all);
    expect(
      catalogueResponseSchema.parse((await get('/api/rewards/catalogue?affordable=true', token)).json()),
    ).toBeTruthy();
    expect(all.categories).toEqual(
      expect.arrayContaining([
        { slug: 'search-vouchers', name: 'Search Vouchers', count: 14 },
        { slug: 'search-home', name: 'Search Home', count: 1 },
      ]),
    );
    expect(all.items).toHaveLength(12);
    expect(all.hasMore).toBe(true);
    expect(all.items[0]).toEqual({
      rewardId: mug.id,
      name: 'Zebra Mug',
      category: 'search-home',
      pointsCost: 30,
      randValue: 10_000,
      fulfilment: 'delivery',
      stockLeft: null,
      pictureUrl: '/api/rewards/pictures/default',
    });
    const page2 = (await get('/api/rewards/catalogue?q=zebra&page=2', token)).json();
    expect(page2.items.map((i: { name: string }) => i.name)).toEqual([
      'Zebra Voucher 11',
      'Zebra Voucher 12',
      'Zebra Voucher 13',
    ]);
    expect(page2.hasMore).toBe(false);

    const byName = (await get('/api/rewards/catalogue?q=zebra&sort=name&category=search-home', token)).json();
    expect(byName.items.map((i: { name: string }) => i.name)).toEqual(['Zebra Mug']);
    const newest = (await get('/api/rewards/catalogue?q=zebra&sort=newest', token)).json();
    expect(newest.items[0].name).toBe('Zebra Mug');
    const affordable = (await get('/api/rewards/catalogue?q=zebra&affordable=true', token)).json();
    expect(affordable.items.map((i: { pointsCost: number }) => i.pointsCost)).toEqual([30, 50, 51, 52, 53, 54, 55]);
    const described = (await get('/api/rewards/catalogue?q=striped', token)).json();
    expect(described.items.map((i: { name: string }) => i.name)).toEqual(['Zebra Mug']);
    const unknown = (await get('/api/rewards/catalogue?category=nothing-here', token)).json();
    expect(unknown.items).toEqual([]);
  });

  it('refuses bad query values with field errors (400)', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await get('/api/rewards/catalogue?sort=price&page=0&affordable=maybe&category=Bad%20Slug', token);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['affordable', 'category', 'page', 'sort']);
  });

  it('shows an item with its description and limit; withdrawn or unknown items are 404', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { description: 'Long text', memberLimit: 2, stockLeft: 5 });
    const gone = await createReward(ctx.app, category.id, { active: false });
    const { token } = await memberWithToken(ctx);
    const res = await get(`/api/rewards/items/${item.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rewardId: item.id,
      description: 'Long text',
      memberLimit: 2,
      stockLeft: 5,
      categoryName: category.name,
    });
    expect((await get(`/api/rewards/items/${gone.id}`, token)).statusCode).toBe(404);
    expect((await get('/api/rewards/items/999999', token)).statusCode).toBe(404);
    expect((await get('/api/rewards/items/abc', token)).statusCode).toBe(400);
  });

  it('serves pictures with long cache headers, and a default artwork', async () => {
    const res = await get('/api/rewards/pictures/default');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await get('/api/rewards/pictures/nope')).statusCode).toBe(404);
  });
});

describe('rewards basket', () => {
  it('adds, changes, removes and totals lines against the balance', async () => {
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, { pointsCost: 150, codes: codesFor('B', 5) });
    const parcel = await createReward(ctx.app, category.id, { pointsCost: 200, fulfilment: 'delivery' });
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 1000);

    const empty = (await get('/api/rewards/basket', token)).json();
    expect(empty).toMatchObject({ lines: [], totalPoints: 0, balance: 1000, balanceAfter: 1000, needsAddress: false });

    expect((await putLine(token, voucher.id, { quantity: 2 })).statusCode).toBe(200);
    const two = (await putLine(token, parcel.id, { quantity: 1 })).json();
    expect(
      two.lines.map((l: { rewardId: number; quantity: number; lineTotal: number }) => [
        l.rewardId,
        l.quantity,
        l.lineTotal,
      ]),
    ).toEqual([
      [voucher.id, 2, 300],
      [parcel.id, 1, 200],
    ]);
    expect(two).toMatchObject({ totalPoints: 500, balance: 1000, balanceAfter: 500, needsAddress: true });

    const changed = (await putLine(token, voucher.id, { quantity: 3 })).json();
    expect(changed.totalPoints).toBe(650);
    const removed = (await putLine(token, parcel.id, { quantity: 0 })).json();
    expect(removed).toMatchObject({ totalPoints: 450, needsAddress: false });
    // Kept on the server: a new session sees the same basket.
    expect((await get('/api/rewards/basket', token)).json().lines).toHaveLength(1);
  });

  it('refuses bad quantities with field errors (400)', async () => {
    const { token } = await memberWithToken(ctx);
    for (const quantity of [-1, 1.5, 'two', 21]) {
      const res = await putLine(token, 1, { quantity });
      expect(res.statusCode, String(quantity)).toBe(400);
      expect(res.json().errors.quantity).toBeDefined();
    }
  });

  it('refuses sold out, over the stock, over the member limit, withdrawn and unknown items', async () => {
    const category = await createCategory(ctx.app);
    const { token } = await memberWithToken(ctx);
    const soldOut = await createReward(ctx.app, category.id, { name: 'Last Lamp', stockLeft: 0 });
    const few = await createReward(ctx.app, category.id, { name: 'Rare Kettle', stockLeft: 2 });
    const limited = await createReward(ctx.app, category.id, { name: 'Smart Watch', memberLimit: 1 });
    const withdrawn = await createReward(ctx.app, category.id, { name: 'Old Radio', active: false });
    const expectRefusal = async (rewardId: number, quantity: number, message: string, status = 422) => {
      const res = await putLine(token, rewardId, { quantity });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await expectRefusal(soldOut.id, 1, 'Last Lamp is sold out');
    await expectRefusal(few.id, 3, 'Only 2 of Rare Kettle left');
    await expectRefusal(limited.id, 2, 'You can order at most 1 of Smart Watch');
    await expectRefusal(withdrawn.id, 1, 'Old Radio has been withdrawn from the catalogue');
    await expectRefusal(999_999, 1, 'This reward is no longer available.', 404);
    expect((await get('/api/rewards/basket', token)).json().lines).toEqual([]);
  });

  it('shows a changed price and a withdrawn line until the member answers', async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 100 });
    const { token } = await memberWithToken(ctx);
    await putLine(token, item.id, { quantity: 2 });
    await updateReward(ctx.app.db, item.id, { pointsCost: 120 });
    const basket = (await get('/api/rewards/basket', token)).json();
    expect(basket.lines[0]).toMatchObject({
      pointsCost: 120,
      lineTotal: 240,
      priceChangedFrom: 100,
      unavailable: null,
    });
    const accepted = (await putLine(token, item.id, { quantity: 2 })).json();
    expect(accepted.lines[0].priceChangedFrom).toBeNull();
    await updateReward(ctx.app.db, item.id, { active: false });
    expect((await get('/api/rewards/basket', token)).json().lines[0].unavailable).toBe(
      'This reward has been withdrawn',
    );
  });
});
