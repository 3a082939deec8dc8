import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { KUDOS_FIELDS } from '@ovation/shared/schemas/feed';
import { kudos, kudosReactions } from '../../src/db/schema/index.ts';
import type { LiveEvent } from '../../src/core/live/live-bus.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, createKudos, tableRecords } from '../support/feed-factories.ts';

const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const LIST = '/api/shoutouts/ShoutOutList';
const REACT = '/api/shoutouts/ShoutOutReact';

const list = async (token: string, payload: object) => {
  const res = await ctx.request({ method: 'POST', url: LIST, payload, token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { shoutOuts: { fields: string[]; rows: unknown[][] }; hasMore: boolean };
  return { ...body, items: tableRecords(body.shoutOuts) };
};
const react = (token: string, payload: object) => ctx.request({ method: 'POST', url: REACT, payload, token });
const allIdsDesc = async () =>
  (await ctx.app.db.select({ id: kudos.id }).from(kudos).orderBy(desc(kudos.id))).map((r) => r.id);

describe('POST /api/shoutouts/ShoutOutList', () => {
  it('needs a session', async () => {
    expect((await ctx.request({ method: 'POST', url: LIST, payload: { page: 1 } })).statusCode).toBe(401);
  });

  it('answers 400 with a page error for page 0, "x" or none', async () => {
    const { token } = await memberWithToken(ctx);
    for (const payload of [{ page: 0 }, { page: 'x' }, {}, { page: 1.5 }]) {
      const res = await ctx.request({ method: 'POST', url: LIST, payload, token });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['page']);
    }
  });

  it('shows an empty thread as no rows and no more', async () => {
    const { token } = await memberWithToken(ctx);
    const body = await list(token, { page: 1 });
    expect(body.shoutOuts).toEqual({ fields: [...KUDOS_FIELDS], rows: [] });
    expect(body.hasMore).toBe(false);
  });

  it('lists items newest first with every field of spec §3 and its type', async () => {
    const { member: viewer, token } = await memberWithToken(ctx);
    const from = await createMember(ctx.app, { firstName: 'Sam', surname: 'Sender' });
    const to = await createMember(ctx.app, { firstName: 'Rita', surname: 'Receiver' });
    const behaviour = await createBehaviour(ctx.app, 'Own It');
    await createKudos(ctx.app, from.id, to.id, { kind: 'recognition', behaviourId: behaviour.id, message: 'Great' });
    await createKudos(ctx.app, from.id, to.id, { kind: 'high5' });
    await createKudos(ctx.app, from.id, viewer.id, { kind: 'payitforward' });
    await createKudos(ctx.app, from.id, to.id, { kind: 'recognition', createdAt: new Date(Date.now() - 90 * 60_000) });

    const { shoutOuts, items } = await list(token, { page: 1 });
    expect(shoutOuts.fields).toEqual([...KUDOS_FIELDS]);
    expect(items.map((i) => i.f3)).toEqual(['High Five', 'Pay It Forward', 'High Five', 'Own It']);
    const [old, pif, , recognition] = items;
    expect(recognition).toEqual({
      messageLogId: expect.any(Number),
      toMemberId: to.id,
      memberName: 'Rita Receiver',
      fromMemberName: 'Sam Sender',
      f3: 'Own It',
      message: 'Great',
      likeCount: 0,
      cheerCount: 0,
      supportCount: 0,
      userLiked: false,
      userCheered: false,
      userSupported: false,
      reactedUserLiked: '[]',
      reactedUserCheered: '[]',
      reactedUserSupported: '[]',
      mins: 0,
    });
    expect(pif).toMatchObject({ toMemberId: viewer.id, memberName: `${viewer.firstName} ${viewer.surname}` });
    expect(old!.mins).toBeGreaterThanOrEqual(90);
    expect(old!.mins).toBeLessThanOrEqual(91);
    const ids = items.map((i) => i.messageLogId as number);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('pages 20 at a time and stays stable with an anchor while new items arrive', async () => {
    const { token } = await memberWithToken(ctx);
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    for (let i = 0; i < 45; i++) await createKudos(ctx.app, a.id, b.id);
    const before = await allIdsDesc();

    const page1 = await list(token, { page: 1 });
    expect(page1.items.map((i) => i.messageLogId)).toEqual(before.slice(0, 20));
    expect(page1.hasMore).toBe(true);
    const anchor = before[0]!;

    for (let i = 0; i < 5; i++) await createKudos(ctx.app, b.id, a.id);
    const page2 = await list(token, { page: 2, anchor });
    expect(page2.items.map((i) => i.messageLogId)).toEqual(before.slice(20, 40));
    expect(page2.hasMore).toBe(true);
    const page3 = await list(token, { page: 3, anchor });
    expect(page3.items.map((i) => i.messageLogId)).toEqual(before.slice(40, 60));
    expect(page3.hasMore).toBe(false);
    expect((await list(token, { page: 4, anchor })).items).toEqual([]);

    // Without an anchor the new items push everything down (the spec's plain paging).
    const shifted = await list(token, { page: 2 });
    expect(shifted.items[0]!.messageLogId).toBe(before[15]);
  });
});

describe('POST /api/shoutouts/ShoutOutReact', () => {
  it('needs a session', async () => {
    const res = await ctx.request({ method: 'POST', url: REACT, payload: { messageLogId: 1, reactNum: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 for reactNum 4, a bad id or a missing field', async () => {
    const { token } = await memberWithToken(ctx);
    const bad = [
      [{ messageLogId: 1, reactNum: 4, isRedactReact: false }, ['reactNum']],
      [{ messageLogId: 'x', reactNum: 1 }, ['messageLogId']],
      [{ reactNum: 1 }, ['messageLogId']],
      [{ messageLogId: 1, reactNum: 1, isRedactReact: 'yes' }, ['isRedactReact']],
    ] as const;
    for (const [payload, fields] of bad) {
      const res = await react(token, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(fields);
    }
  });

  it('answers 404 for an item that does not exist', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await react(token, { messageLogId: 987654321, reactNum: 1, isRedactReact: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no longer exists/);
  });

  it('reacts once per kind, withdraws, and ignores repeats and withdrawing what is not there', async () => {
    const alice = await memberWithToken(ctx, { firstName: 'Alice', surname: 'Able' });
    const bob = await memberWithToken(ctx, { firstName: 'Bob', surname: 'Baker' });
    const item = await createKudos(ctx.app, alice.member.id, bob.member.id);
    const send = async (who: { token: string }, reactNum: number, isRedactReact = false) => {
      const res = await react(who.token, { messageLogId: item.id, reactNum, isRedactReact });
      expect(res.statusCode, res.body).toBe(200);
      const table = res.json().shoutOuts;
      expect(table.fields).toEqual([...KUDOS_FIELDS]);
      expect(table.rows).toHaveLength(1);
      return tableRecords(table)[0]!;
    };

    let seen = await send(alice, 1);
    expect(seen).toMatchObject({ messageLogId: item.id, likeCount: 1, userLiked: true, userCheered: false });
    expect(JSON.parse(seen.reactedUserLiked as string)).toEqual([{ FullName: 'Alice Able' }]);
    expect((await send(alice, 1)).likeCount).toBe(1);

    seen = await send(bob, 1);
    expect(seen).toMatchObject({ likeCount: 2, userLiked: true });
    expect(JSON.parse(seen.reactedUserLiked as string)).toEqual([
      { FullName: 'Bob Baker' },
      { FullName: 'Alice Able' },
    ]);

    seen = await send(alice, 1, true);
    expect(seen).toMatchObject({ likeCount: 1, userLiked: false });
    expect((await send(alice, 1, true)).likeCount).toBe(1);
    expect((await send(alice, 3, true)).supportCount).toBe(0);

    await send(alice, 2);
    seen = await send(alice, 3);
    expect(seen).toMatchObject({
      likeCount: 1,
      cheerCount: 1,
      supportCount: 1,
      userCheered: true,
      userSupported: true,
    });
    expect(JSON.parse(seen.reactedUserSupported as string)).toEqual([{ FullName: 'Alice Able' }]);

    // Flags are the caller's own: Bob liked, Alice cheered and supported.
    const fromList = (await list(bob.token, { page: 1 })).items.find((i) => i.messageLogId === item.id);
    expect(fromList).toMatchObject({ userLiked: true, userCheered: false, userSupported: false, cheerCount: 1 });
  });

  it('keeps at most 25 names per kind, newest first, while the count carries the total', async () => {
    const { token } = await memberWithToken(ctx);
    const a = await createMember(ctx.app);
    const item = await createKudos(ctx.app, a.id, a.id);
    const fans = [];
    for (let i = 0; i < 30; i++) fans.push(await createMember(ctx.app, { firstName: `Fan${i}`, surname: 'X' }));
    await ctx.app.db.insert(kudosReactions).values(
      fans.map((f, i) => ({
        kudosId: item.id,
        kind: 2,
        memberId: f.id,
        createdAt: new Date(Date.now() - (30 - i) * 1000),
      })),
    );
    await ctx.app.db.execute(sql`update kudos set cheer_count = 30 where id = ${item.id}`);
    const res = await react(token, { messageLogId: item.id, reactNum: 2, isRedactReact: false });
    const seen = tableRecords(res.json().shoutOuts)[0]!;
    expect(seen.cheerCount).toBe(31);
    const names = JSON.parse(seen.reactedUserCheered as string) as { FullName: string }[];
    expect(names).toHaveLength(25);
    expect(names[1]).toEqual({ FullName: 'Fan29 X' });
  });

  it('publishes the new counts to live listeners when something changed', async () => {
    const { member, token } = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, member.id, member.id);
    const events: LiveEvent[] = [];
    const stop = ctx.app.liveBus.subscribe((e) => events.push(e));
    await react(token, { messageLogId: item.id, reactNum: 1, isRedactReact: false });
    await react(token, { messageLogId: item.id, reactNum: 1, isRedactReact: false });
    stop();
    expect(events).toEqual([
      {
        type: 'reaction',
        data: { messageLogId: item.id, likeCount: 1, cheerCount: 0, supportCount: 0 },
        memberId: member.id,
      },
    ]);
  });

  it('limits a member to 120 reactions a minute', async () => {
    const { member, token } = await memberWithToken(ctx);
    const item = await createKudos(ctx.app, member.id, member.id);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await react(token, { messageLogId: item.id, reactNum: 1, isRedactReact: i % 2 === 1 });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
