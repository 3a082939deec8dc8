import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { moodCheckins, moodDescriptions } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const today = () => new Date().toISOString().slice(0, 10);
const put = (payload: Record<string, unknown>, token?: string) =>
  ctx.request({ method: 'PUT', url: '/api/mood/data', payload, token });

beforeAll(async () => {
  await ctx.app.db.insert(moodDescriptions).values([
    { value: 1, description: 'Happy' },
    { value: 2, description: 'Okay' },
    { value: 3, description: 'Unhappy' },
  ]);
});

describe('PUT /api/mood/data', () => {
  it('needs a session', async () => {
    expect((await put({ value: 1 })).statusCode).toBe(401);
  });

  it('answers 400 for values outside 1 to 3', async () => {
    const { token } = await memberWithToken(ctx);
    for (const value of [0, 4, 5, 1.5, 'x', null]) {
      const res = await put({ value }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.value[0]).toBe('Mood must be a whole number from 1 to 3');
    }
    expect((await put({}, token)).statusCode).toBe(400);
  });

  it('refuses unit TRF with 403', async () => {
    const { token } = await memberWithToken(ctx, { unit: 'TRF' });
    expect((await put({ value: 1 }, token)).statusCode).toBe(403);
  });

  it('saves today’s mood, and a second choice replaces it', async () => {
    const { member, token } = await memberWithToken(ctx);
    const first = await put({ value: 1 }, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      moodDesc: [
        { moodDescriptionId: expect.any(Number), description: 'Happy', value: 1 },
        { moodDescriptionId: expect.any(Number), description: 'Okay', value: 2 },
        { moodDescriptionId: expect.any(Number), description: 'Unhappy', value: 3 },
      ],
      moodData: { value: 1 },
    });
    expect((await put({ value: 3 }, token)).json().moodData).toEqual({ value: 3 });
    const rows = await ctx.app.db
      .select()
      .from(moodCheckins)
      .where(and(eq(moodCheckins.memberId, member.id), eq(moodCheckins.day, today())));
    expect(rows.map((r) => r.value)).toEqual([3]);
  });
});

describe('GET /api/mood/data/', () => {
  it('needs a session on both spellings', async () => {
    for (const url of ['/api/mood/data/', '/api/mood/data']) {
      expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answers null before the first check-in of the day, then the mood', async () => {
    const { token } = await memberWithToken(ctx);
    const before = await ctx.request({ method: 'GET', url: '/api/mood/data/', token });
    expect(before.statusCode).toBe(200);
    expect(before.json().moodData).toBeNull();
    expect(before.json().moodDesc).toHaveLength(3);
    await put({ value: 2 }, token);
    const after = await ctx.request({ method: 'GET', url: '/api/mood/data', token });
    expect(after.json().moodData).toEqual({ value: 2 });
  });

  it('lets unit TRF read (only saving is locked)', async () => {
    const { token } = await memberWithToken(ctx, { unit: 'TRF' });
    expect((await ctx.request({ method: 'GET', url: '/api/mood/data/', token })).statusCode).toBe(200);
  });
});

describe('GET /api/mood/history', () => {
  const history = (query: string, token?: string) =>
    ctx.request({ method: 'GET', url: `/api/mood/history?${query}`, token });

  it('needs a session', async () => {
    expect((await history('from=2026-01-01&to=2026-01-31')).statusCode).toBe(401);
  });

  it('answers 400 for bad dates and ranges', async () => {
    const { token } = await memberWithToken(ctx);
    const cases: [string, string][] = [
      ['from=x&to=2026-01-31', 'from'],
      ['to=2026-01-31', 'from'],
      ['from=2026-02-30&to=2026-03-31', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['from=2025-01-01&to=2026-03-01', 'to'],
      ['from=0000-01-01&to=0000-01-05', 'from'],
      ['from=9999-12-25&to=9999-12-31', 'from'],
    ];
    for (const [query, field] of cases) {
      const res = await history(query, token);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('lists the member’s own check-ins in the range by day', async () => {
    const { member, token } = await memberWithToken(ctx);
    const { member: other } = await memberWithToken(ctx);
    await ctx.app.db.insert(moodCheckins).values([
      { memberId: member.id, day: '2026-03-02', value: 2 },
      { memberId: member.id, day: '2026-03-01', value: 1 },
      { memberId: member.id, day: '2026-04-01', value: 3 },
      { memberId: other.id, day: '2026-03-01', value: 3 },
    ]);
    const res = await history('from=2026-03-01&to=2026-03-31', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      moods: [
        { day: '2026-03-01', value: 1 },
        { day: '2026-03-02', value: 2 },
      ],
    });
  });
});
