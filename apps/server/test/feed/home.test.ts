import { describe, expect, it } from 'vitest';
import { homeDataResponseSchema, KUDOS_FIELDS } from '@ovation/shared/schemas/feed';
import { banners } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createKudos } from '../support/feed-factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const home = (token?: string) => ctx.request({ method: 'POST', url: '/api/site/gethomedata', payload: {}, token });
const DAY = 86_400_000;

describe('POST /api/site/gethomedata', () => {
  it('needs a session', async () => {
    expect((await home()).statusCode).toBe(401);
  });

  it('answers empty lists for a firm with nothing yet', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await home(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recentRecognition: [], getToKnow: [], celebrations: [], leaderboard: [] });
  });

  it('answers the latest five kudos as records, twelve colleagues and the leaderboard', async () => {
    const { member: me, token } = await memberWithToken(ctx, { interests: 'My song', aspirations: 'Juggling' });
    const eligible = [];
    for (let i = 0; i < 14; i++) {
      eligible.push(await createMember(ctx.app, { interests: i % 2 ? `Song ${i}` : '', aspirations: `Skill ${i}` }));
    }
    await createMember(ctx.app, { interests: 'Not registered', registered: false });
    await createMember(ctx.app, { interests: 'Left the firm', active: false });
    await createMember(ctx.app);

    const [top, second, third] = eligible;
    for (let i = 0; i < 5; i++)
      await createKudos(ctx.app, me.id, top!.id, { createdAt: new Date(Date.now() - 40 * DAY) });
    for (let i = 0; i < 3; i++) await createKudos(ctx.app, me.id, top!.id);
    for (let i = 0; i < 2; i++) await createKudos(ctx.app, me.id, second!.id);
    await createKudos(ctx.app, me.id, third!.id, { kind: 'recognition' });

    const res = await home(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    // Serialised by hand on this hot path: exactly the contract's fields, nothing more.
    expect(homeDataResponseSchema.parse(body)).toEqual(body);

    expect(body.recentRecognition).toHaveLength(5);
    expect(Object.keys(body.recentRecognition[0]).sort()).toEqual([...KUDOS_FIELDS].sort());
    expect(body.recentRecognition[0]).toMatchObject({ toMemberId: third!.id, f3: 'High Five', userLiked: false });

    expect(body.getToKnow).toHaveLength(12);
    const ids = new Set(eligible.map((m) => m.id));
    for (const card of body.getToKnow) {
      expect(ids.has(card.memberId), 'only registered, active colleagues with something to share').toBe(true);
      expect(card).toEqual({
        memberId: expect.any(Number),
        memberName: expect.any(String),
        division: expect.stringMatching(/^Division /),
        interests: expect.any(String),
        asperations: expect.stringMatching(/^Skill /),
        picId: 'nopic',
        isRegistered: true,
      });
    }
    expect(body.getToKnow.some((c: { memberId: number }) => c.memberId === me.id)).toBe(false);

    expect(body.leaderboard.map((e: { memberId: number; total: number }) => [e.memberId, e.total])).toEqual([
      [top!.id, 3],
      [second!.id, 2],
      [third!.id, 1],
    ]);
    expect(body.leaderboard[0]).toEqual({
      memberId: top!.id,
      memberName: `${top!.firstName} ${top!.surname}`,
      division: expect.stringMatching(/^Division /),
      picId: 'nopic',
      total: 3,
    });
    expect(body.celebrations).toEqual([]);
  });
});

describe('GET /api/site/banners', () => {
  it('needs a session', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/site/banners' })).statusCode).toBe(401);
  });

  it('answers at most ten active slides in order', async () => {
    const { token } = await memberWithToken(ctx);
    await ctx.app.db.insert(banners).values(
      Array.from({ length: 12 }, (_, i) => ({
        title: `Slide ${12 - i}`,
        text: 'Text',
        linkUrl: '/recognise',
        linkText: 'Go',
        sort: 12 - i,
        active: i !== 11,
      })),
    );
    const res = await ctx.request({ method: 'GET', url: '/api/site/banners', token });
    expect(res.statusCode).toBe(200);
    const slides = res.json().banners;
    expect(slides.map((b: { title: string }) => b.title)).toEqual([
      'Slide 2',
      'Slide 3',
      'Slide 4',
      'Slide 5',
      'Slide 6',
      'Slide 7',
      'Slide 8',
      'Slide 9',
      'Slide 10',
      'Slide 11',
    ]);
    expect(slides[0]).toEqual({
      id: expect.any(Number),
      title: 'Slide 2',
      text: 'Text',
      linkUrl: '/recognise',
      linkText: 'Go',
      theme: 'teal',
    });
  });
});
