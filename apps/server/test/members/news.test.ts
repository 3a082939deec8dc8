import { describe, expect, it } from 'vitest';
import { newsEntries } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const news = (token?: string) => ctx.request({ method: 'GET', url: '/api/newsbulletin/data', token });

describe('GET /api/newsbulletin/data', () => {
  it('needs a session', async () => {
    expect((await news()).statusCode).toBe(401);
  });

  it('answers an empty JSON list when there is no news', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await news(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newsBulletin: '[]' });
  });

  it('answers the active entries by sort as a JSON string of { text }', async () => {
    const { token } = await memberWithToken(ctx);
    await ctx.app.db.insert(newsEntries).values([
      { text: 'Second', sort: 2 },
      { text: 'Hidden', sort: 0, active: false },
      { text: 'First "quoted"', sort: 1 },
    ]);
    const body = (await news(token)).json();
    expect(typeof body.newsBulletin).toBe('string');
    expect(JSON.parse(body.newsBulletin)).toEqual([{ text: 'First "quoted"' }, { text: 'Second' }]);
  });
});
