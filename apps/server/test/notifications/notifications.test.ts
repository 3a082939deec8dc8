import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { emailsTo, fund, send } from '../support/ledger-factories.ts';
import { openStream } from '../support/live-client.ts';
import { createCategory, createReward, putBasketLine } from '../support/rewards-factories.ts';

const ctx = setupApp();
const get = (token?: string) => ctx.request({ method: 'GET', url: '/api/notifications', token });
const markRead = (token: string | undefined, payload: unknown) =>
  ctx.request({ method: 'POST', url: '/api/notifications/read', token, payload: payload as object });
const react = (token: string, messageLogId: number, reactNum: number, isRedactReact = false) =>
  ctx.request({
    method: 'POST',
    url: '/api/shoutouts/ShoutOutReact',
    token,
    payload: { messageLogId, reactNum, isRedactReact },
  });

let port: number;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

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

  it('a High Five and points received reach the recipient, not the sender', async () => {
    const sender = await memberWithToken(ctx, { firstName: 'Thandi', surname: 'Nkosi' });
    const recipient = await memberWithToken(ctx);
    await fund(ctx.app, sender.member.id, 100);
    const h5 = await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message: 'Great' });
    expect(h5.statusCode).toBe(200);
    const pif = await send(ctx, '/api/payitforward/send', sender.token, {
      toMemberId: recipient.member.id,
      points: 10,
      message: 'For you',
    });
    expect(pif.statusCode).toBe(200);

    const mine = (await get(recipient.token)).json();
    expect(mine.unread).toBe(2);
    expect(mine.items).toEqual([
      expect.objectContaining({
        kind: 'points',
        actorName: 'Thandi Nkosi',
        points: 10,
        messageLogId: pif.json().messageLogIds[0],
        read: false,
      }),
      expect.objectContaining({
        kind: 'high5',
        actorName: 'Thandi Nkosi',
        points: 0,
        messageLogId: h5.json().messageLogIds[0],
      }),
    ]);
    expect((await get(sender.token)).json()).toEqual({ unread: 0, items: [] });
  });

  it("a reaction reaches the member recognised; one's own reactions and withdrawals do not", async () => {
    const sender = await memberWithToken(ctx);
    const recipient = await memberWithToken(ctx);
    const fan = await memberWithToken(ctx, { firstName: 'Pieter', surname: 'van Wyk' });
    const id = (
      await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message: 'Hi' })
    ).json().messageLogIds[0] as number;
    expect((await react(fan.token, id, 2)).statusCode).toBe(200);
    expect((await react(fan.token, id, 2, true)).statusCode).toBe(200);
    expect((await react(recipient.token, id, 1)).statusCode).toBe(200);
    const items = (await get(recipient.token)).json().items as { kind: string }[];
    expect(items.filter((i) => i.kind === 'reaction')).toEqual([
      expect.objectContaining({ kind: 'reaction', actorName: 'Pieter van Wyk', reaction: 2, messageLogId: id }),
    ]);
  });

  it('a reaction withdrawn and given again is told once', async () => {
    const sender = await memberWithToken(ctx);
    const recipient = await memberWithToken(ctx);
    const fan = await memberWithToken(ctx);
    const id = (
      await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message: 'Hi' })
    ).json().messageLogIds[0] as number;
    for (const withdraw of [false, true, false, true, false]) await react(fan.token, id, 1, withdraw);
    await react(fan.token, id, 3);
    const items = (await get(recipient.token)).json().items as { kind: string; reaction: number | null }[];
    expect(items.filter((i) => i.kind === 'reaction').map((i) => i.reaction)).toEqual([3, 1]);
  });

  it('a reaction e-mails the member recognised, once, with their kudos word for word; not when inactive', async () => {
    const sender = await memberWithToken(ctx);
    const recipient = await memberWithToken(ctx, { firstName: 'Ayanda' });
    const fan = await memberWithToken(ctx, { firstName: 'Pieter', surname: 'van Wyk' });
    const message = 'Top 1% — "quotes", %s and a \\ backslash';
    const id = (await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message })).json()
      .messageLogIds[0] as number;
    expect((await react(fan.token, id, 3)).statusCode).toBe(200);
    expect((await react(fan.token, id, 3, true)).statusCode).toBe(200);
    expect((await react(fan.token, id, 3)).statusCode).toBe(200);
    const mails = (await emailsTo(ctx.app, recipient.member.email!)).filter((m) => m.kind === 'reaction');
    expect(mails.map((m) => ({ subject: m.subject, bodyText: m.bodyText, sensitive: m.sensitive }))).toEqual([
      {
        subject: 'Pieter van Wyk supported your kudos',
        bodyText: `Hi Ayanda,\n\nPieter van Wyk supported the kudos you received:\n\n"${message}"\n\nSee it in the Kudos Thread.`,
        sensitive: false,
      },
    ]);
    // An inactive recipient still has the bell row, but no e-mail.
    await ctx.app.db.execute(sql`update members set active = false where id = ${recipient.member.id}`);
    expect((await react(fan.token, id, 1)).statusCode).toBe(200);
    expect((await emailsTo(ctx.app, recipient.member.email!)).filter((m) => m.kind === 'reaction')).toHaveLength(1);
    const [bell] = await ctx.app.db
      .execute(
        sql`select count(*)::int as n from notifications where member_id = ${recipient.member.id} and kind = 'reaction'`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(bell!.n).toBe(2);
  });

  it("an administrator's change to an order reaches the member's bell; the member's own cancel does not", async () => {
    const category = await createCategory(ctx.app);
    const item = await createReward(ctx.app, category.id, { pointsCost: 10, fulfilment: 'donation' });
    const shopper = await memberWithToken(ctx);
    const admin = await memberWithToken(ctx, { isAdminReports: true, firstName: 'Rewards', surname: 'Admin' });
    await fund(ctx.app, shopper.member.id, 100);
    const order = async () => {
      await putBasketLine(ctx, shopper.token, item.id, 1);
      return (await send(ctx, '/api/rewards/checkout', shopper.token, {})).json().orderId as number;
    };
    const first = await order();
    const moved = await ctx.request({
      method: 'POST',
      url: `/api/admin/rewards/orders/${first}/status`,
      token: admin.token,
      payload: { status: 'processing' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await send(ctx, `/api/admin/rewards/orders/${first}/cancel`, admin.token, {})).statusCode).toBe(200);
    const second = await order();
    expect((await send(ctx, `/api/orders/${second}/cancel`, shopper.token, {})).statusCode).toBe(200);

    const bell = (await get(shopper.token)).json();
    expect(bell.unread).toBe(2);
    expect(bell.items).toEqual([
      expect.objectContaining({ kind: 'order', orderId: first, orderStatus: 'refunded', actorName: 'Rewards Admin' }),
      expect.objectContaining({ kind: 'order', orderId: first, orderStatus: 'processing', actorName: 'Rewards Admin' }),
    ]);
    expect((await get(admin.token)).json().unread).toBe(0);
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

  it("tells only the recipient's open browsers, live", async () => {
    const sender = await memberWithToken(ctx);
    const recipient = await memberWithToken(ctx);
    const other = await memberWithToken(ctx);
    const ticket = async (token: string) =>
      (await ctx.request({ method: 'POST', url: '/api/live/ticket', token })).json().ticket as string;
    const mine = await openStream(port, `/api/live/stream?ticket=${await ticket(recipient.token)}`);
    const theirs = await openStream(port, `/api/live/stream?ticket=${await ticket(other.token)}`);
    await Promise.all([mine.waitFor(': connected'), theirs.waitFor(': connected')]);
    await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message: 'Live' });
    await mine.waitFor('event: notification');
    await theirs.waitFor('event: kudos'); // the thread item is for everyone
    expect(theirs.text()).not.toContain('event: notification');
    mine.close();
    theirs.close();
  });
});

describe('GET and PUT /api/profile/preferences', () => {
  const prefs = (token: string | undefined, method: 'GET' | 'PUT' = 'GET', payload?: unknown) =>
    ctx.request({ method, url: '/api/profile/preferences', token, ...(payload ? { payload: payload as object } : {}) });
  const ALL_ON = {
    email: { recognised: true, high5: true, points: true, reaction: true },
    weeklyDigest: true,
    hideCelebrations: false,
  };

  it('need a session and a whole, valid body', async () => {
    expect((await prefs(undefined)).statusCode).toBe(401);
    expect((await prefs(undefined, 'PUT', ALL_ON)).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx);
    const bad = await prefs(token, 'PUT', { email: { recognised: 'no' }, weeklyDigest: true });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['email.recognised', 'email.high5', 'hideCelebrations']),
    );
  });

  it('start with every e-mail and the weekly digest on, and keep what the member saves', async () => {
    const { token } = await memberWithToken(ctx);
    expect((await prefs(token)).json()).toEqual(ALL_ON);
    const mine = { ...ALL_ON, email: { ...ALL_ON.email, high5: false }, weeklyDigest: false, hideCelebrations: true };
    const saved = await prefs(token, 'PUT', mine);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(mine);
    expect((await prefs(token)).json()).toEqual(mine);
  });

  it('an opted-out kind is not e-mailed, but still reaches the bell; other kinds are e-mailed', async () => {
    const sender = await memberWithToken(ctx);
    const recipient = await memberWithToken(ctx);
    await fund(ctx.app, sender.member.id, 100);
    await prefs(recipient.token, 'PUT', { ...ALL_ON, email: { ...ALL_ON.email, high5: false } });
    await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message: 'Quiet one' });
    await send(ctx, '/api/payitforward/send', sender.token, {
      toMemberId: recipient.member.id,
      points: 5,
      message: 'Loud one',
    });
    const mails = await emailsTo(ctx.app, recipient.member.email!);
    expect(mails.map((m) => m.kind)).toEqual(['kudos-payitforward']);
    expect(((await get(recipient.token)).json().items as { kind: string }[]).map((i) => i.kind)).toEqual([
      'points',
      'high5',
    ]);
  });
});
