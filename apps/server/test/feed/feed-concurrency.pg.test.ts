import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kudos, kudosReactions } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createKudos } from '../support/feed-factories.ts';

/**
 * Real concurrency needs real PostgreSQL: PGlite runs one transaction at a time, so these
 * would pass there even with naive read-check-write code (architecture.md §7).
 */
describe('reactions under concurrency (PostgreSQL)', () => {
  const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
  const react = (token: string, messageLogId: number, isRedactReact = false) =>
    ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutReact',
      payload: { messageLogId, reactNum: 1, isRedactReact },
      token,
    });
  const stored = async (id: number) => {
    const [row] = await ctx.app.db.select().from(kudos).where(eq(kudos.id, id));
    const rows = await ctx.app.db.select().from(kudosReactions).where(eq(kudosReactions.kudosId, id));
    return { likeCount: row!.likeCount, rows: rows.length };
  };

  it('counts 50 concurrent identical likes by one member once, and 50 withdrawals once', async () => {
    const { member, token } = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, member.id, member.id);
    const likes = await Promise.all(Array.from({ length: 50 }, () => react(token, item.id)));
    expect(likes.every((r) => r.statusCode === 200)).toBe(true);
    expect(await stored(item.id)).toEqual({ likeCount: 1, rows: 1 });

    const withdrawals = await Promise.all(Array.from({ length: 50 }, () => react(token, item.id, true)));
    expect(withdrawals.every((r) => r.statusCode === 200)).toBe(true);
    expect(await stored(item.id)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('counts 50 different members liking at once as 50', async () => {
    const author = await createMember(ctx.app);
    const item = await createKudos(ctx.app, author.id, author.id);
    const tokens = await Promise.all(Array.from({ length: 50 }, async () => (await memberWithToken(ctx)).token));
    const results = await Promise.all(tokens.map((t) => react(t, item.id)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await stored(item.id)).toEqual({ likeCount: 50, rows: 50 });
  });
});
