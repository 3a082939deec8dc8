import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE, catalogueResponseSchema, type CatalogueSort } from '@ovation/shared/schemas/rewards';
import { findCatalogueItems, listCategories } from '../src/modules/rewards/catalogue.repository.ts';
import { presentCatalogueItem } from '../src/modules/rewards/rewards.presenter.ts';
import { setupApp } from './build-app.ts';
import { memberWithToken } from './factories.ts';
import { fund, newKey, send } from './ledger-factories.ts';
import {
  ADDRESS,
  codesFor,
  createCategory,
  createReward,
  putBasketLine,
  watchCatalogueNotices,
} from './rewards-factories.ts';

/**
 * The catalogue's written answers (decision 0047), with caching on as in production: the same
 * answers as the catalogue's own SQL gives, whatever the member's balance, and every change to
 * the catalogue made through the app visible on the very next read. Items the factories write
 * straight into the database reach the cache through the database's notice, which `heardAll()`
 * waits for.
 */
let snapshot = { loads: 0, drops: 0 };
const ctx = setupApp(
  {},
  {
    // Counts the instance's catalogue snapshot loads and drops (nothing else changes).
    services: (made) => {
      const cache = made.caches.rewardsCatalogue;
      const get = cache.get.bind(cache);
      const clear = cache.clear.bind(cache);
      cache.get = (key, load) => get(key, () => (snapshot.loads++, load()));
      cache.clear = () => (snapshot.drops++, clear());
      return made;
    },
  },
);
let watcher: ReturnType<typeof watchCatalogueNotices> | undefined;
const notices = { heardAll: () => (watcher ??= watchCatalogueNotices(ctx.app)).heardAll() };

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, token, headers });
const catalogue = async (token: string, query: string) => {
  const res = await get(`/api/rewards/catalogue?${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
};

async function admin() {
  return (await memberWithToken(ctx, { isAdminReports: true })).token;
}

/** What the catalogue's SQL (the repository's filters, sorts and pages) says a query answers. */
async function expected(query: {
  q: string;
  category?: string;
  sort: CatalogueSort;
  page: number;
  maxPoints?: number;
}) {
  const categories = await listCategories(ctx.app.db);
  const category = query.category ? categories.find((c) => c.slug === query.category) : undefined;
  if (query.category && !category) return { categories: [], items: [], hasMore: false };
  const filter = { q: query.q, ...(query.maxPoints === undefined ? {} : { maxPoints: query.maxPoints }) };
  const matching = await findCatalogueItems(ctx.app.db, filter, 'points', 100_000, 0);
  const rows = await findCatalogueItems(
    ctx.app.db,
    { ...filter, ...(category ? { categoryId: category.id } : {}) },
    query.sort,
    CATALOGUE_PAGE_SIZE + 1,
    (query.page - 1) * CATALOGUE_PAGE_SIZE,
  );
  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  return {
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      count: matching.filter((r) => r.categoryId === c.id).length,
    })),
    items: rows.slice(0, CATALOGUE_PAGE_SIZE).map((r) => presentCatalogueItem(r, slugOf.get(r.categoryId)!)),
    hasMore: rows.length > CATALOGUE_PAGE_SIZE,
  };
}

describe('the catalogue’s written answers', () => {
  it('answer what the catalogue’s SQL answers, on first and repeated reads, for every balance', async () => {
    const toys = await createCategory(ctx.app, 'Quokka Toys');
    const books = await createCategory(ctx.app, 'Quokka Books');
    for (let i = 0; i < 15; i++) {
      await createReward(ctx.app, i % 3 === 0 ? books.id : toys.id, {
        name: `Quokka ${String.fromCharCode(90 - i)}${String(i).padStart(2, '0')}`,
        pointsCost: 40 + 10 * (i % 7),
        ...(i % 4 === 0 ? { stockLeft: i } : {}),
      });
    }
    await createReward(ctx.app, toys.id, { name: 'Quokka Gone', pointsCost: 40, active: false });
    await notices.heardAll();
    const poor = await memberWithToken(ctx);
    const middling = await memberWithToken(ctx);
    const rich = await memberWithToken(ctx);
    await fund(ctx.app, middling.member.id, 75);
    await fund(ctx.app, rich.member.id, 10_000);

    for (const category of ['', toys.slug, books.slug, 'quokka-nothing']) {
      for (const sort of ['points', 'name', 'newest'] as const) {
        for (const page of [1, 2]) {
          const query = `q=quokka&sort=${sort}&page=${page}${category ? `&category=${category}` : ''}`;
          const want = await expected({ q: 'quokka', category: category || undefined, sort, page });
          for (const member of [poor, rich]) {
            // Twice each: the first read writes the answer, the second is served as written.
            for (let read = 0; read < 2; read++) {
              const got = await catalogue(member.token, query);
              expect(catalogueResponseSchema.parse(got)).toEqual(got);
              expect(got).toEqual(want);
            }
          }
          for (const [member, balance] of [
            [poor, 0],
            [middling, 75],
            [rich, 10_000],
          ] as const) {
            const affordable = await expected({
              q: 'quokka',
              category: category || undefined,
              sort,
              page,
              maxPoints: balance,
            });
            expect(await catalogue(member.token, `${query}&affordable=true`)).toEqual(affordable);
            expect(await catalogue(member.token, `${query}&affordable=true`)).toEqual(affordable);
          }
        }
      }
    }
    // Members whose balances fall in the same price step share a written answer; others do not.
    const near = await memberWithToken(ctx);
    await fund(ctx.app, near.member.id, 79);
    const nearAnswer = await get('/api/rewards/catalogue?q=quokka&affordable=true', near.token);
    const middlingAnswer = await get('/api/rewards/catalogue?q=quokka&affordable=true', middling.token);
    expect(nearAnswer.body).toBe(middlingAnswer.body);
    expect(nearAnswer.json().items.map((i: { pointsCost: number }) => i.pointsCost)).toEqual([
      40, 40, 40, 50, 50, 60, 60, 70, 70,
    ]);
  });

  it('are written once: repeated reads, other members and other balances do not read the catalogue again', async () => {
    const category = await createCategory(ctx.app, 'Possum Picks');
    for (let i = 0; i < 3; i++)
      await createReward(ctx.app, category.id, { name: `Possum ${i}`, pointsCost: 10 * (i + 1) });
    await notices.heardAll();
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    await fund(ctx.app, b.member.id, 25);
    const url = `/api/rewards/catalogue?category=${category.slug}`;
    const first = await get(url, a.token);
    snapshot = { loads: 0, drops: 0 };
    for (const token of [a.token, b.token]) {
      expect((await get(url, token)).body).toBe(first.body);
      expect((await get(`${url}&affordable=true`, token)).statusCode).toBe(200);
    }
    expect(snapshot).toEqual({ loads: 0, drops: 0 });
  });

  it('give each of many members asking at once the answer for their own balance', async () => {
    const category = await createCategory(ctx.app, 'Echidna Extras');
    for (const pointsCost of [10, 20, 30, 40, 50, 60]) {
      await createReward(ctx.app, category.id, { name: `Echidna ${pointsCost}`, pointsCost });
    }
    await notices.heardAll();
    const members: { token: string; balance: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const m = await memberWithToken(ctx);
      if (i > 0) await fund(ctx.app, m.member.id, 5 * i);
      members.push({ token: m.token, balance: i * 5 });
    }
    // Sent together, so their balance reads share statements.
    const answers = await Promise.all(
      members.map((m) => catalogue(m.token, `category=${category.slug}&affordable=true`)),
    );
    answers.forEach((answer, i) => {
      const costs = answer.items.map((item: { pointsCost: number }) => item.pointsCost);
      expect(costs).toEqual([10, 20, 30, 40, 50, 60].filter((c) => c <= members[i]!.balance));
    });
  });

  it('read the balance afresh for “affordable”: points received show at once', async () => {
    const category = await createCategory(ctx.app, 'Wombat Prizes');
    await createReward(ctx.app, category.id, { name: 'Wombat Small', pointsCost: 20 });
    await createReward(ctx.app, category.id, { name: 'Wombat Large', pointsCost: 200 });
    await notices.heardAll();
    const { member, token } = await memberWithToken(ctx);
    const names = async () =>
      (await catalogue(token, `category=${category.slug}&affordable=true`)).items.map((i: { name: string }) => i.name);
    expect(await names()).toEqual([]);
    await fund(ctx.app, member.id, 20);
    expect(await names()).toEqual(['Wombat Small']);
    await fund(ctx.app, member.id, 180);
    expect(await names()).toEqual(['Wombat Small', 'Wombat Large']);
  });

  it('are sent compressed as the client accepts (brotli, gzip), the same bytes as plain, and small ones plain', async () => {
    const category = await createCategory(ctx.app, 'Numbat Goods');
    for (let i = 0; i < 12; i++) await createReward(ctx.app, category.id, { name: `Numbat ${i}`, pointsCost: 10 + i });
    await notices.heardAll();
    const { token } = await memberWithToken(ctx);
    const url = `/api/rewards/catalogue?category=${category.slug}`;
    const plain = await get(url, token);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, token, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const brAgain = await get(url, token, { 'accept-encoding': 'br' });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await get(url, token, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const star = await get(url, token, { 'accept-encoding': '*' });
    expect(star.headers['content-encoding']).toBe('gzip');
    const uncompressed: Record<string, string>[] = [
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ];
    for (const headers of uncompressed) {
      const res = await get(url, token, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
    // Under the 1 KB threshold nothing is compressed, as for every other answer.
    const small = await get('/api/rewards/catalogue?category=numbat-nothing', token, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ categories: [], items: [], hasMore: false });
  });
});

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
