import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const search = (payload: Record<string, unknown>, token?: string) =>
  ctx.request({ method: 'POST', url: '/api/gettoknow/search', payload, token });

describe('POST /api/gettoknow/search', () => {
  it('needs a session', async () => {
    expect((await search({ query: '', page: 1 })).statusCode).toBe(401);
  });

  it('answers 400 for page 0 or a query over 100 characters', async () => {
    const { token } = await memberWithToken(ctx);
    expect(Object.keys((await search({ page: 0 }, token)).json().errors)).toEqual(['page']);
    expect(Object.keys((await search({ query: 'x'.repeat(101) }, token)).json().errors)).toEqual(['query']);
  });

  it('finds active colleagues by name or division, case-insensitively, saying who has not registered', async () => {
    const { token } = await memberWithToken(ctx, { firstName: 'Zanele', surname: 'Searcher' });
    const hit = await createMember(ctx.app, { firstName: 'Zanele', surname: 'Dlamini', interests: 'Jazz' });
    const unregistered = await createMember(ctx.app, {
      firstName: 'Zanele',
      surname: 'Unregistered',
      registered: false,
    });
    await createMember(ctx.app, { firstName: 'Zanele', surname: 'Inactive', active: false });
    const res = await search({ query: 'zANELE', page: 1 }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      members: [
        {
          memberId: hit.id,
          memberName: 'Zanele Dlamini',
          division: expect.stringMatching(/^Division /),
          interests: 'Jazz',
          asperations: '',
          picId: 'nopic',
          isRegistered: true,
        },
        expect.objectContaining({ memberId: unregistered.id, memberName: 'Zanele Unregistered', isRegistered: false }),
      ],
      hasMore: false,
    });
    const division = (res.json().members[0] as { division: string }).division;
    const byDivision = (await search({ query: division.toUpperCase() }, token)).json();
    expect(byDivision.members.map((m: { memberId: number }) => m.memberId)).toContain(hit.id);
    expect(byDivision.members.every((m: { division: string }) => m.division === division)).toBe(true);
    // The search box says "Name, division or interest": interests and aspirations match too.
    const hobby = `Zithers${hit.id}`;
    const learner = await createMember(ctx.app, { aspirations: `Learning ${hobby.toLowerCase()}` });
    await ctx.app.db
      .update(members)
      .set({ interests: `Jazz and ${hobby}` })
      .where(eq(members.id, hit.id));
    const byInterest = (await search({ query: hobby.toUpperCase() }, token)).json();
    expect(byInterest.members.map((m: { memberId: number }) => m.memberId).sort()).toEqual([hit.id, learner.id].sort());
  });

  it('treats % and _ as plain characters', async () => {
    const { token } = await memberWithToken(ctx);
    expect((await search({ query: '%' }, token)).json()).toEqual({ members: [], hasMore: false });
    expect((await search({ query: '_' }, token)).json()).toEqual({ members: [], hasMore: false });
  });

  it('pages 24 at a time by name', async () => {
    const { token } = await memberWithToken(ctx);
    for (let i = 0; i < 30; i++) {
      await createMember(ctx.app, { firstName: 'Pager', surname: `P${String(i).padStart(2, '0')}` });
    }
    const page1 = (await search({ query: 'pager', page: 1 }, token)).json();
    expect(page1.members).toHaveLength(24);
    expect(page1.hasMore).toBe(true);
    expect(page1.members[0].memberName).toBe('Pager P00');
    const page2 = (await search({ query: 'pager', page: 2 }, token)).json();
    expect(page2.members.map((m: { memberName: string }) => m.memberName)).toEqual(
      ['P24', 'P25', 'P26', 'P27', 'P28', 'P29'].map((s) => `Pager ${s}`),
    );
    expect(page2.hasMore).toBe(false);
  });
});
