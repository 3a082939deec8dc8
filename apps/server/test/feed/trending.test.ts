import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, createKudos } from '../support/feed-factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const trending = (token?: string) =>
  ctx.request({ method: 'POST', url: '/api/site/gettrendingbehaviours', payload: {}, token });
const HEADER = ['displayText', 'ranking', 'total'];

describe('POST /api/site/gettrendingbehaviours', () => {
  it('needs a session', async () => {
    expect((await trending()).statusCode).toBe(401);
  });

  it('answers only the header row when nothing was recognised lately', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await trending(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ report: [HEADER] });
  });

  it('ranks the behaviours most recognised in the last 30 days, top 10', async () => {
    const { token } = await memberWithToken(ctx);
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    const behaviours = [];
    for (let i = 0; i < 12; i++) behaviours.push(await createBehaviour(ctx.app, `B${String(i).padStart(2, '0')}`));
    // B00 once, B01 twice, …, B11 twelve times; B11 also has old recognitions that no longer count.
    for (const [i, behaviour] of behaviours.entries()) {
      for (let n = 0; n <= i; n++) {
        await createKudos(ctx.app, a.id, b.id, { kind: 'recognition', behaviourId: behaviour.id });
      }
    }
    const old = new Date(Date.now() - 31 * 86_400_000);
    for (let n = 0; n < 20; n++) {
      await createKudos(ctx.app, a.id, b.id, { kind: 'recognition', behaviourId: behaviours[0]!.id, createdAt: old });
    }
    await createKudos(ctx.app, a.id, b.id, { kind: 'high5' });

    const report = (await trending(token)).json().report;
    expect(report[0]).toEqual(HEADER);
    expect(report.slice(1)).toEqual(
      Array.from({ length: 10 }, (_, r) => [`B${String(11 - r).padStart(2, '0')}`, r + 1, 12 - r]),
    );
  });
});
