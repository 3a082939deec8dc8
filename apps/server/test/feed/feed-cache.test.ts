import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { KUDOS_PAGE_SIZE } from '@ovation/shared/schemas/feed';
import type { AppServices } from '../../src/services.ts';
import { cachedPage, createKudosCaches, patchKudosItem } from '../../src/modules/feed/kudos-caches.ts';
import { REACTORS_HELD_MAX, toItemReactors } from '../../src/modules/feed/item-reactors.ts';
import { viewerFlagsOn } from '../../src/modules/feed/viewer-flags.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { createKudos, kudosRow, tableRecords } from '../support/feed-factories.ts';

/**
 * Kudos Thread pages are shared between members and cached per instance (FEED_CACHE_SECONDS
 * on), and so are each viewer's own flags on them. A reaction updates the one item it touches
 * where it is cached; a new kudos drops only the pages it shifts.
 */
let services: AppServices;
const ctx = setupApp(
  { FEED_CACHE_SECONDS: 60 },
  {
    services: (made) => {
      services = made;
      return made;
    },
  },
);
const list = async (token: string, page = 1) => {
  const res = await ctx.request({ method: 'POST', url: '/api/shoutouts/ShoutOutList', payload: { page }, token });
  expect(res.statusCode).toBe(200);
  return tableRecords(res.json().shoutOuts);
};
const recent = async (token: string) => {
  const res = await ctx.request({ method: 'POST', url: '/api/site/gethomedata', payload: {}, token });
  expect(res.statusCode).toBe(200);
  return res.json().recentRecognition as Record<string, unknown>[];
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
    // A's own flags on this page are cached now too (false)…
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });
    expect((await recent(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });

    expect((await react(a.token, item.id)).statusCode).toBe(200);
    const seenByA = (await list(a.token)).find((r) => r.messageLogId === item.id)!;
    const seenByB = (await list(b.token)).find((r) => r.messageLogId === item.id)!;
    expect(seenByA).toMatchObject({ likeCount: 1, userLiked: true });
    expect(seenByB).toMatchObject({ likeCount: 1, userLiked: false });
    expect(JSON.parse(seenByB.reactedUserLiked as string)).toEqual([{ FullName: `Test ${a.member.surname}` }]);
    // …and a reaction replaces them at once, on the Kudos Thread and on Home.
    expect((await recent(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({
      likeCount: 1,
      userLiked: true,
    });
    expect((await recent(b.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });

    expect((await react(a.token, item.id, true)).statusCode).toBe(200);
    expect((await list(b.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ likeCount: 0 });
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });
  });

  it('keeps a member’s flag on an item that new kudos push onto the next page', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, b.member.id, a.member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);
    expect((await react(a.token, item.id)).statusCode).toBe(200);
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: true });
    expect(await list(a.token, 2)).toBeDefined();
    for (let i = 0; i < KUDOS_PAGE_SIZE; i++) {
      ctx.app.liveBus.publishKudosCreated((await createKudos(ctx.app, b.member.id, b.member.id)).id);
    }
    expect((await list(a.token)).some((r) => r.messageLogId === item.id)).toBe(false);
    expect((await list(a.token, 2)).find((r) => r.messageLogId === item.id)).toMatchObject({
      likeCount: 1,
      userLiked: true,
    });
    expect((await list(b.token, 2)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });
  });

  it('shows a new item once its creation is announced', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    await list(a.token);
    const item = await createKudos(ctx.app, a.member.id, b.member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);
    expect((await list(a.token))[0]!.messageLogId).toBe(item.id);
  });

  it('updates only the item a reaction touches: the rest of the cached page is not read again', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const touched = await createKudos(ctx.app, a.member.id, b.member.id);
    const untouched = await createKudos(ctx.app, b.member.id, a.member.id);
    ctx.app.liveBus.publishKudosCreated(untouched.id);
    expect((await list(b.token)).find((r) => r.messageLogId === untouched.id)).toMatchObject({ cheerCount: 0 });
    // A change the caches are not told of (written behind the app's back)…
    await ctx.app.db.execute(sql`update kudos set cheer_count = 7 where id = ${untouched.id}`);
    expect((await react(a.token, touched.id)).statusCode).toBe(200);
    await services.caches.kudos.rereads;
    const page = await list(b.token);
    // …stays unseen: the page was updated in place, not dropped and read again.
    expect(page.find((r) => r.messageLogId === touched.id)).toMatchObject({ likeCount: 1, userLiked: false });
    expect(page.find((r) => r.messageLogId === untouched.id)).toMatchObject({ cheerCount: 0 });
    await ctx.app.db.execute(sql`update kudos set cheer_count = 0 where id = ${untouched.id}`);
  });

  it('keeps anchored pages when a new kudos arrives, and drops the latest ones', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const first = (await list(a.token))[0]!.messageLogId as number;
    const anchored = async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/shoutouts/ShoutOutList',
        payload: { page: 1, anchor: first },
        token: a.token,
      });
      return tableRecords(res.json().shoutOuts);
    };
    expect((await anchored())[0]!.messageLogId).toBe(first);
    await ctx.app.db.execute(sql`update kudos set message = 'Changed behind the cache' where id = ${first}`);
    const item = await createKudos(ctx.app, a.member.id, b.member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);
    expect((await list(a.token))[0]!.messageLogId).toBe(item.id);
    expect((await anchored())[0]).toMatchObject({ messageLogId: first });
    expect((await anchored())[0]!.message).not.toBe('Changed behind the cache');
  });
});

describe('viewers’ own flags on shared pages (decision 0048)', () => {
  it('come from who reacted to each cached item, with no read per member', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const c = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, a.member.id, b.member.id);
    ctx.app.liveBus.publishKudosCreated(item.id);
    expect((await react(a.token, item.id)).statusCode).toBe(200);
    const perMember = vi.spyOn(services.caches.kudos.viewerFlags, 'get');
    expect((await list(b.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });
    // A reaction written behind the app's back is not seen: C's flags are not read for C…
    await ctx.app.db.execute(
      sql`insert into kudos_reactions (kudos_id, kind, member_id) values (${item.id}, 2, ${c.member.id})`,
    );
    expect((await list(c.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userCheered: false });
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({
      likeCount: 1,
      userLiked: true,
      userCheered: false,
    });
    expect((await recent(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: true });
    expect(perMember).not.toHaveBeenCalled();
    perMember.mockRestore();
    await ctx.app.db.execute(sql`delete from kudos_reactions where kudos_id = ${item.id} and kind = 2`);
    // …and C's own reaction through the app shows at once, for C alone.
    const cheer = await ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutReact',
      payload: { messageLogId: item.id, reactNum: 2, isRedactReact: false },
      token: c.token,
    });
    expect(cheer.statusCode).toBe(200);
    expect((await list(c.token)).find((r) => r.messageLogId === item.id)).toMatchObject({
      cheerCount: 1,
      userLiked: false,
      userCheered: true,
    });
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({
      userLiked: true,
      userCheered: false,
    });
  });

  it('are read per member for an item with more reactions than are held', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, a.member.id, b.member.id);
    expect((await react(a.token, item.id)).statusCode).toBe(200);
    await ctx.app.db.execute(sql`update kudos set like_count = ${REACTORS_HELD_MAX + 1} where id = ${item.id}`);
    ctx.app.liveBus.publishKudosCreated(item.id);
    const perMember = vi.spyOn(services.caches.kudos.viewerFlags, 'get');
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({
      likeCount: REACTORS_HELD_MAX + 1,
      userLiked: true,
    });
    expect((await list(b.token)).find((r) => r.messageLogId === item.id)).toMatchObject({ userLiked: false });
    expect(perMember).toHaveBeenCalled();
    perMember.mockRestore();
    // The member's own withdrawal retires their flags read apart.
    expect((await react(a.token, item.id, true)).statusCode).toBe(200);
    expect((await list(a.token)).find((r) => r.messageLogId === item.id)).toMatchObject({
      likeCount: REACTORS_HELD_MAX,
      userLiked: false,
    });
    await ctx.app.db.execute(sql`update kudos set like_count = 0 where id = ${item.id}`);
    ctx.app.liveBus.publishKudosCreated(item.id);
  });

  it('are never put back to an older state by a read that began earlier', async () => {
    const caches = createKudosCaches(60_000);
    const row = (reactors: number[]) =>
      kudosRow({
        likeCount: reactors.length,
        reactors: toItemReactors(
          reactors.length,
          reactors,
          reactors.map(() => 1),
        ),
      });
    const page = () => cachedPage(caches, 'latest:1', async () => ({ rows: [row([])], hasMore: false }));
    const liked = async (memberId: number) =>
      (await viewerFlagsOn({ db: ctx.app.db, caches }, memberId, (await page()).rows)).get(7)?.userLiked ?? false;
    await page(); // read 1
    const older = 2; // e.g. the re-read of someone else's reaction, begun before member 5 reacted
    const own = 3; // member 5's reaction, read after it committed
    patchKudosItem(caches, row([5]), own);
    patchKudosItem(caches, row([]), older);
    expect(await liked(5)).toBe(true);
    expect((await page()).rows[0]!.likeCount).toBe(1);
    patchKudosItem(caches, row([5, 9]), 4);
    expect(await liked(5)).toBe(true);
    expect(await liked(9)).toBe(true);
    expect(await liked(6)).toBe(false);
  });
});
