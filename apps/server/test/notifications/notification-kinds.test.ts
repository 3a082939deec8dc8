import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { bellRequests } from '../support/bell-requests.ts';
import { memberWithToken } from '../support/factories.ts';
import { emailsTo, fund, send } from '../support/ledger-factories.ts';
import { listenForStreams, openStream } from '../support/live-client.ts';
import { createCategory, createReward, putBasketLine } from '../support/rewards-factories.ts';

/** What reaches a member's bell (and their open browsers), and what does not. */
const ctx = setupApp();
const { get, react } = bellRequests(ctx);

let port: number;
beforeAll(async () => {
  port = await listenForStreams(ctx.app);
});

describe('GET /api/notifications and POST /api/notifications/read', () => {
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
