import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { codesFor, createCategory, createReward, rewardRow } from '../support/rewards-factories.ts';
import { rewardsAdmin } from '../support/rewards-admin.ts';

/** The catalogue's administration: items, their input, voucher codes, pictures and stock. Orders: rewards-admin-orders.test.ts. */
const ctx = setupApp();
const { json, admin, placedOrder } = rewardsAdmin(ctx);

describe('rewards administration', () => {
  it('is for report administrators only (403), and needs a session (401)', async () => {
    expect((await json('GET', '/api/admin/rewards/catalogue', undefined)).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx);
    expect((await json('GET', '/api/admin/rewards/catalogue', token)).statusCode).toBe(403);
    expect((await json('GET', '/api/admin/rewards/orders', token)).statusCode).toBe(403);
    expect((await json('GET', '/api/admin/rewards/catalogue', await admin())).statusCode).toBe(200);
  });

  it('creates, edits and withdraws items; a withdrawn item leaves the catalogue', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app, 'Admin Books');
    const { token: shopper } = await memberWithToken(ctx);
    const catalogue = async () =>
      (await json('GET', `/api/rewards/catalogue?category=${category.slug}`, shopper)).json().items as {
        name: string;
      }[];
    expect(await catalogue()).toEqual([]); // now cached on this instance
    const created = await json('POST', '/api/admin/rewards/items', token, {
      category: category.slug,
      name: 'Cookbook',
      description: 'Recipes',
      pointsCost: 300,
      randValue: 29_900,
      fulfilment: 'delivery',
      stockLeft: 5,
      memberLimit: 2,
    });
    expect(created.statusCode).toBe(200);
    const item = created.json();
    expect(item).toMatchObject({
      name: 'Cookbook',
      stockLeft: 5,
      memberLimit: 2,
      active: true,
      pictureUrl: '/api/rewards/pictures/default',
    });
    expect((await json('GET', `/api/rewards/items/${item.rewardId}`, shopper)).statusCode).toBe(200);
    // An administrator's change clears the cached catalogue at once.
    expect((await catalogue()).map((i) => i.name)).toEqual(['Cookbook']);

    const edited = await json('PUT', `/api/admin/rewards/items/${item.rewardId}`, token, {
      category: category.slug,
      name: 'Cookbook',
      pointsCost: 320,
      randValue: 29_900,
      fulfilment: 'delivery',
      stockLeft: 4,
      memberLimit: null,
      active: false,
    });
    expect(edited.json()).toMatchObject({ pointsCost: 320, stockLeft: 4, memberLimit: null, active: false });
    expect((await json('GET', `/api/rewards/items/${item.rewardId}`, shopper)).statusCode).toBe(404);
    expect(await catalogue()).toEqual([]);
    const listed = (await json('GET', '/api/admin/rewards/catalogue', token)).json();
    expect(listed.items.find((i: { rewardId: number }) => i.rewardId === item.rewardId)).toMatchObject({
      active: false,
    });
  });

  it('refuses bad item input with field errors (400)', async () => {
    const token = await admin();
    const res = await json('POST', '/api/admin/rewards/items', token, {
      category: 'no-such-category',
      name: '',
      pointsCost: 0,
      randValue: 1.5,
      fulfilment: 'teleport',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['fulfilment', 'name', 'pointsCost', 'randValue']);
    const unknown = await json('POST', '/api/admin/rewards/items', token, {
      category: 'no-such-category',
      name: 'X',
      pointsCost: 1,
      randValue: 0,
      fulfilment: 'delivery',
    });
    expect(unknown.json().errors).toEqual({ category: ['Choose a category'] });
    const dupe = await json('POST', '/api/admin/rewards/categories', token, {
      name: 'Again',
      slug: (await createCategory(ctx.app, 'Taken Slug')).slug,
    });
    expect(dupe.json().errors.slug).toEqual(['A category with this slug exists']);
    // /redeemrewards/basket is My Basket: a category there could never be opened.
    const reserved = await json('POST', '/api/admin/rewards/categories', token, { name: 'Basket', slug: 'basket' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors.slug).toEqual(['This slug names a page of Redeem Rewards; choose another']);
  });

  it('loads voucher codes from CSV: counts them, grows the stock, refuses duplicates whole', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, { name: 'Book Voucher', codes: codesFor('BV', 2) });
    const url = `/api/admin/rewards/items/${voucher.id}/codes`;
    const ok = await json('POST', url, token, { csv: 'code\nNEW-0001\n"NEW-0002",extra\r\nNEW-0003\n' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ added: 3, codesInPool: 5 });
    expect((await rewardRow(ctx.app, voucher.id)).stockLeft).toBe(5);

    const inFile = await json('POST', url, token, { csv: 'NEW-0009\nNEW-0009\n' });
    expect(inFile.statusCode).toBe(400);
    expect(inFile.json().errors.csv[0]).toBe('Duplicates in the file, nothing loaded: NEW-0009');
    const inPool = await json('POST', url, token, { csv: 'NEW-0010\nNEW-0002\n' });
    expect(inPool.json().errors.csv[0]).toBe('Already loaded for this or another item, nothing loaded: NEW-0002');
    expect((await rewardRow(ctx.app, voucher.id)).stockLeft).toBe(5);
    const parcel = await createReward(ctx.app, category.id, { name: 'Parcel' });
    const notVoucher = await json('POST', `/api/admin/rewards/items/${parcel.id}/codes`, token, { csv: 'ABCD-1' });
    expect(notVoucher.statusCode).toBe(422);
  });

  it('uploads a picture checked by its content', async () => {
    const token = await admin();
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id);
    const upload = (data: Buffer, filename: string) => {
      const boundary = '----rewardsboundary';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.request({
        method: 'POST',
        url: `/api/admin/rewards/items/${item.id}/picture`,
        token,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const ok = await upload(png, 'art.png');
    expect(ok.statusCode).toBe(200);
    const picture = await ctx.request({ method: 'GET', url: ok.json().pictureUrl });
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'fake.png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.picture).toEqual(['Choose a JPEG, PNG or WebP picture']);
  });

  it('keeps units redeemed while an edit was open: the edit moves the stock by what the editor changed', async () => {
    const token = await admin();
    const { item } = await placedOrder({ stockLeft: 10 }); // one redeemed: 9 left
    const { category } = (await json('GET', '/api/admin/rewards/catalogue', token))
      .json()
      .items.find((i: { rewardId: number }) => i.rewardId === item.id);
    const save = (changes: object) =>
      json('PUT', `/api/admin/rewards/items/${item.id}`, token, {
        category,
        name: item.name,
        pointsCost: 120,
        randValue: 0,
        fulfilment: 'donation',
        ...changes,
      });

    // The form was opened at 10; the name changed, the stock field did not: 9 stays 9.
    expect((await save({ stockLeft: 10, stockLeftWas: 10 })).json().stockLeft).toBe(9);
    // Restocked from the 10 shown to 40: 30 more than the 9 left.
    expect((await save({ stockLeft: 40, stockLeftWas: 10 })).json().stockLeft).toBe(39);
    // Lowered below what was redeemed meanwhile: never below 0.
    expect((await save({ stockLeft: 0, stockLeftWas: 45 })).json().stockLeft).toBe(0);
    // Without the stock field the stock is unchanged; to unlimited and without stockLeftWas, as given.
    expect((await save({ stockLeft: 6 })).json().stockLeft).toBe(6);
    expect((await save({})).json().stockLeft).toBe(6);
    expect((await save({ stockLeft: null, stockLeftWas: 6 })).json().stockLeft).toBeNull();
    expect((await save({ stockLeft: 3, stockLeftWas: null })).json().stockLeft).toBe(3);
  });
});
