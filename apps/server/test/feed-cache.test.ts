import { describe, expect, it } from 'vitest';
import { setupApp } from './build-app.ts';
import { memberWithToken } from './factories.ts';
import { createKudos, tableRecords } from './feed-factories.ts';

/**
 * Kudos Thread pages are shared between members and cached per instance (FEED_CACHE_SECONDS
 * on); the viewer's own flags are read per request and live events clear the cache.
 */
const ctx = setupApp({ FEED_CACHE_SECONDS: 60 });
const list = async (token: string) => {
  const res = await ctx.request({ method: 'POST', url: '/api/shoutouts/ShoutOutList', payload: { page: 1 }, token });
  expect(res.statusCode).toBe(200);
  return tableRecords(res.json().shoutOuts);
};
const react = (token: string, messageLogId: number, isRedactReact = false) =>
  ctx.request({
    method: 'POST',
    url: '/api/shoutouts/ShoutOutReact',
    payload: { messageLogId, reactNum: 1, isRedactReact },
    token,
  });

describe('shared Kudos Thread pages', () => {
  it('give each member their own flags and show a reaction at once to everyone', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, a.member.id, b.member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);

    const first = (await list(b.token)).find((r) => r.messageLogId === item.id)!;
    expect(first).toMatchObject({ likeCount: 0, userLiked: false });

    expect((await react(a.token, item.id)).statusCode).toBe(200);
    const seenByA = (await list(a.token)).find((r) => r.messageLogId === item.id)!;
    const seenByB = (await list(b.token)).find((r) => r.messageLogId === item.id)!;
    expect(seenByA).toMatchObject({ likeCount: 1, userLiked: true });
    expect(seenByB).toMatchObject({ likeCount: 1, userLiked: false });
    expect(JSON.parse(seenByB.reactedUserLiked as string)).toEqual([{ FullName: `Test ${a.member.surname}` }]);

    expect((await react(a.token, item.id, true)).statusCode).toBe(200);
    expect((await list(b.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ likeCount: 0 });
  });

  it('shows a new item once its creation is announced', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    await list(a.token);
    const item = await createKudos(ctx.app, a.member.id, b.member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);
    expect((await list(a.token))[0]!.messageLogId).toBe(item.id);
  });
});
