import { describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { bellRequests } from '../support/bell-requests.ts';
import { memberWithToken } from '../support/factories.ts';
import { send } from '../support/ledger-factories.ts';

/** The bell's list and marking it read. What reaches it: notification-kinds.test.ts; preferences: notification-preferences.test.ts. */
const ctx = setupApp();
const { get, markRead } = bellRequests(ctx);

describe('GET /api/notifications and POST /api/notifications/read', () => {
  it('need a session, and a list of ids', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await markRead(undefined, { ids: [1] })).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx);
    const bad = await markRead(token, { ids: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['ids']);
    expect((await get(token)).json()).toEqual({ unread: 0, items: [] });
  });

  it('marks all of the member’s notifications read, also those older than the bell lists', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await memberWithToken(ctx);
    const rows = (memberId: number) =>
      Array.from({ length: 45 }, () => ({ memberId, kind: 'high5' as const, actorMemberId: other.member.id }));
    await ctx.app.db.insert(notifications).values([...rows(member.id), ...rows(other.member.id).slice(0, 2)]);
    expect((await get(token)).json()).toMatchObject({ unread: 45 });
    const res = await markRead(token, { all: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().unread).toBe(0);
    expect((await get(other.token)).json().unread).toBe(2);
  });

  it('with upToId, marks only what the member saw: what arrived after the list was read stays unread', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await memberWithToken(ctx);
    const row = { memberId: member.id, kind: 'high5' as const, actorMemberId: other.member.id };
    await ctx.app.db.insert(notifications).values([row, row]);
    const seen = (await get(token)).json();
    await ctx.app.db.insert(notifications).values(row);
    const res = await markRead(token, { all: true, upToId: seen.items[0].id });
    expect(res.statusCode).toBe(200);
    expect(res.json().unread).toBe(1);
    expect(res.json().items.map((i: { read: boolean }) => i.read)).toEqual([false, true, true]);
    const bad = await markRead(token, { all: true, upToId: 'newest' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['upToId']);
    // On its own it would mark nothing: the field that is wrong is named.
    const alone = await markRead(token, { upToId: seen.items[0].id });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({ upToId: ['Send all: true with upToId'] });
  });

  it("marks only the member's own notifications read", async () => {
    const sender = await memberWithToken(ctx);
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    for (const to of [a, a, b]) {
      await send(ctx, '/api/high5/send', sender.token, { toMemberId: to.member.id, message: 'Thanks' });
    }
    const aItems = (await get(a.token)).json().items as { id: number }[];
    const bItems = (await get(b.token)).json().items as { id: number }[];
    const res = await markRead(a.token, { ids: [aItems[0]!.id, bItems[0]!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().unread).toBe(1);
    expect((res.json().items as { id: number; read: boolean }[]).map((i) => i.read)).toEqual([true, false]);
    expect((await get(b.token)).json().unread).toBe(1);
  });
});
