import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE, catalogueResponseSchema, type CatalogueSort } from '@ovation/shared/schemas/rewards';
import { findCatalogueItems, listCategories } from '../../src/modules/rewards/catalogue.repository.ts';
import { presentCatalogueItem } from '../../src/modules/rewards/rewards.presenter.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { fund } from '../support/ledger-factories.ts';
import { catalogueReads, countingSnapshots } from '../support/rewards-catalogue-cache.ts';
import { createCategory, createReward } from '../support/rewards-factories.ts';

/**
 * The catalogue's written answers (decision 0047), with caching on as in production: the same
 * answers as the catalogue's own SQL gives, whatever the member's balance, written once and sent
 * compressed. Items the factories write straight into the database reach the cache through the
 * database's notice, which `heardAll()` waits for.
 */
let snapshot = { loads: 0, drops: 0 };
const ctx = setupApp({}, { services: countingSnapshots(() => snapshot) });
const { notices, get, catalogue } = catalogueReads(ctx);

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
