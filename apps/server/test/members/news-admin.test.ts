import { describe, expect, it } from 'vitest';
import { NEWS_TEXT_MAX } from '@ovation/shared/schemas/admin-news';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const hour = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function editor() {
  return (await memberWithToken(ctx, { roles: 'news' })).token;
}
const ticker = async (token: string) =>
  JSON.parse((await ctx.request({ method: 'GET', url: '/api/newsbulletin/data', token })).json().newsBulletin) as {
    text: string;
  }[];
const list = async (token: string) => (await ctx.request({ method: 'GET', url: '/api/admin/news', token })).json();
const create = (token: string, payload: object) =>
  ctx.request({ method: 'POST', url: '/api/admin/news', token, payload });

describe('news bulletin admin', () => {
  it('creates, schedules, edits, reorders and deletes items; the ticker serves only current ones in order', async () => {
    const token = await editor();
    const a = (await create(token, { text: 'Alpha' })).json().newsId as number;
    const b = (await create(token, { text: 'Bravo', showFrom: at(-hour), showUntil: at(hour) })).json().newsId;
    const later = await create(token, { text: 'Charlie later', showFrom: at(hour) });
    expect(later.statusCode).toBe(201);
    const c = later.json().newsId as number;
    await create(token, { text: 'Delta expired', showUntil: at(-hour) });

    expect((await ticker(token)).map((n) => n.text)).toEqual(['Alpha', 'Bravo']);
    const items = (await list(token)).items as { newsId: number; current: boolean; position: number }[];
    expect(items.map((i) => [i.position, i.current])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, false],
    ]);

    // Charlie starts now; the ticker shows it at once.
    const put = await ctx.request({
      method: 'PUT',
      url: `/api/admin/news/${c}`,
      token,
      payload: { text: 'Charlie now', showFrom: at(-1000) },
    });
    expect(put.statusCode).toBe(200);
    expect((await ticker(token)).map((n) => n.text)).toEqual(['Alpha', 'Bravo', 'Charlie now']);

    const all = items.map((i) => i.newsId);
    const reordered = [c, b, a, ...all.filter((id) => ![a, b, c].includes(id))];
    const order = await ctx.request({
      method: 'PUT',
      url: '/api/admin/news/order',
      token,
      payload: { newsIds: reordered },
    });
    expect(order.statusCode).toBe(200);
    expect((await ticker(token)).map((n) => n.text)).toEqual(['Charlie now', 'Bravo', 'Alpha']);

    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/news/${b}`, token })).statusCode).toBe(204);
    expect((await ticker(token)).map((n) => n.text)).toEqual(['Charlie now', 'Alpha']);
    expect((await ctx.request({ method: 'DELETE', url: `/api/admin/news/${b}`, token })).statusCode).toBe(404);
  });

  it('refuses HTML, empty and over-long text and a window that ends before it starts', async () => {
    const token = await editor();
    for (const payload of [
      { text: '<b>Bold</b> news' },
      { text: '   ' },
      { text: 'x'.repeat(NEWS_TEXT_MAX + 1) },
      { text: 'Backwards', showFrom: at(hour), showUntil: at(-hour) },
    ]) {
      const res = await create(token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    // Dates outside the century are typos (year 1 would be stored as 2001).
    for (const [field, value] of [
      ['showFrom', '0001-01-01T00:00:00Z'],
      ['showUntil', '9999-12-31T00:00:00Z'],
    ] as const) {
      const res = await create(token, { text: 'Far off', [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toEqual(['Choose a date between 2000 and 2100']);
    }
    expect((await create(token, { text: 'Profit > loss & 3 < 4 is fine' })).statusCode).toBe(201);
  });

  it('refuses an order that does not name every item once', async () => {
    const token = await editor();
    const id = (await create(token, { text: 'Only one named' })).json().newsId;
    const res = await ctx.request({ method: 'PUT', url: '/api/admin/news/order', token, payload: { newsIds: [id] } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an edit or a move made from a version someone else changed meanwhile (409), keeping theirs', async () => {
    const first = await editor();
    const second = await editor();
    await create(first, { text: 'Another item' });
    const id = (await create(first, { text: 'Opened by two' })).json().newsId as number;
    const opened = ((await list(second)).items as { newsId: number; updatedAt: string }[]).find(
      (i) => i.newsId === id,
    )!;
    const edit = (token: string, text: string, expectedUpdatedAt: string) =>
      ctx.request({ method: 'PUT', url: `/api/admin/news/${id}`, token, payload: { text, expectedUpdatedAt } });

    // A move leaves the item's version: an edit opened before it still saves.
    const before = ((await list(first)).items as { newsId: number }[]).map((i) => i.newsId);
    const moved = [id, ...before.filter((n) => n !== id)];
    const move = (token: string, expectedNewsIds: number[]) =>
      ctx.request({ method: 'PUT', url: '/api/admin/news/order', token, payload: { newsIds: moved, expectedNewsIds } });
    expect((await move(first, before)).statusCode).toBe(200);
    expect((await edit(first, 'First editor’s words', opened.updatedAt)).statusCode).toBe(200);

    const stale = await edit(second, 'Second editor’s words', opened.updatedAt);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/after you opened it/);
    const now = ((await list(second)).items as { newsId: number; text: string; updatedAt: string }[]).find(
      (i) => i.newsId === id,
    )!;
    expect(now.text).toBe('First editor’s words');
    // Against the version now shown, it saves.
    expect((await edit(second, 'Second editor’s words', now.updatedAt)).statusCode).toBe(200);

    // A move made from the order before the first move is refused; the order stays.
    expect((await move(second, before)).statusCode).toBe(409);
    expect(((await list(first)).items as { newsId: number }[]).map((i) => i.newsId)).toEqual(moved);
    await ctx.request({ method: 'DELETE', url: `/api/admin/news/${id}`, token: first });
    expect((await edit(second, 'Gone', now.updatedAt)).statusCode).toBe(404);
  });

  it('lets report administrators edit news and refuses other roles (403)', async () => {
    const admin = (await memberWithToken(ctx, { isAdminReports: true })).token;
    expect((await create(admin, { text: 'From an admin' })).statusCode).toBe(201);
    for (const roles of ['rep', 'upl-mem,upl-pts', 'upl-mem-nfy,upl-pts-nfy', 'anniv', '']) {
      const { token } = await memberWithToken(ctx, { roles });
      expect((await ctx.request({ method: 'GET', url: '/api/admin/news', token })).statusCode, roles).toBe(403);
      expect((await create(token, { text: 'Not mine' })).statusCode, roles).toBe(403);
    }
  });
});
