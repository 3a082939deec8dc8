import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import {
  balancesOf,
  emailsTo,
  fund,
  kudosTo,
  pointsCreditedBy,
  relaxLimits,
  send,
  setSetting,
} from '../support/ledger-factories.ts';

const ctx = setupApp();
const URL = '/api/payitforward/send';

describe('POST /api/payitforward/send', () => {
  it('needs a session', async () => {
    expect((await send(ctx, URL, undefined, {})).statusCode).toBe(401);
  });

  it('validates the body', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await send(ctx, URL, token, { toMemberId: 'x', points: 0, message: '' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['message', 'points', 'toMemberId']);
  });

  it('is refused outside South Africa (403)', async () => {
    const { member, token } = await memberWithToken(ctx, { country: 'Kenya' });
    await fund(ctx.app, member.id, 100);
    const other = await createMember(ctx.app);
    const res = await send(ctx, URL, token, { toMemberId: other.id, points: 10, message: 'Thanks' });
    expect(res.statusCode).toBe(403);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(100);
  });

  it('refuses paying oneself, a member who left or a colleague outside South Africa (400)', async () => {
    const { member, token } = await memberWithToken(ctx);
    await fund(ctx.app, member.id, 100);
    const gone = await createMember(ctx.app, { active: false });
    const kenyan = await createMember(ctx.app, { country: 'Kenya' });
    for (const toMemberId of [member.id, gone.id, kenyan.id]) {
      const res = await send(ctx, URL, token, { toMemberId, points: 5, message: 'Thanks' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.toMemberId).toBeDefined();
    }
  });

  it('moves points from the sender to the colleague, with a thread item and an e-mail', async () => {
    const { member, token } = await memberWithToken(ctx, { firstName: 'Giver', surname: 'One' });
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 100);
    const res = await send(ctx, URL, token, { toMemberId: other.id, points: 30, message: 'Coffee on me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining('30 Kudos'),
      balances: { awardsPointsAvailable: 70 },
    });
    expect((await balancesOf(ctx.app, other.id)).awardsPointsAvailable).toBe(30);
    const [item] = await kudosTo(ctx.app, other.id);
    expect(item).toMatchObject({ kind: 'payitforward', points: 30, fromMemberId: member.id });
    // The item names the posting that paid it.
    expect(await pointsCreditedBy(ctx.app, item!.ledgerTransactionId, other.id)).toBe(30);
    expect((await emailsTo(ctx.app, other.email!))[0]?.subject).toBe('Giver One paid it forward to you');
  });

  it('refuses more than the balance (422) and writes nothing', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 20);
    const res = await send(ctx, URL, token, { toMemberId: other.id, points: 21, message: 'Too much' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You do not have enough Kudos');
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(20);
    expect(await kudosTo(ctx.app, other.id)).toHaveLength(0);
    expect(await emailsTo(ctx.app, other.email!)).toHaveLength(0);
  });

  it('enforces the daily cap (422)', async () => {
    await setSetting(ctx.app, 'payItForwardDailyCap', 5000);
    const { member, token } = await memberWithToken(ctx);
    const a = await createMember(ctx.app);
    const b = await createMember(ctx.app);
    await fund(ctx.app, member.id, 10000);
    expect((await send(ctx, URL, token, { toMemberId: a.id, points: 3800, message: 'One' })).statusCode).toBe(200);
    const over = await send(ctx, URL, token, { toMemberId: b.id, points: 1201, message: 'Two' });
    expect(over.statusCode).toBe(422);
    // Grouped as the form's own check words it (spec §9).
    expect(over.json().message).toBe(
      'You can pay forward at most 5 000 Kudos a day; you can still give 1 200 Kudos today.',
    );
    expect((await send(ctx, URL, token, { toMemberId: b.id, points: 1200, message: 'Three' })).statusCode).toBe(200);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(5000);
    await relaxLimits(ctx.app);
  });
});

describe('GET /api/payitforward/allowance', () => {
  const allowance = (token?: string) => ctx.request({ method: 'GET', url: '/api/payitforward/allowance', token });

  it('needs a session, and South Africa (403 elsewhere)', async () => {
    expect((await allowance()).statusCode).toBe(401);
    const { token } = await memberWithToken(ctx, { country: 'Kenya' });
    expect((await allowance(token)).statusCode).toBe(403);
  });

  it('answers the daily cap, what the member gave today and what is left, as the send counts it', async () => {
    await setSetting(ctx.app, 'payItForwardDailyCap', 50);
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 500);
    expect((await allowance(token)).json()).toEqual({ dailyCap: 50, givenToday: 0, leftToday: 50 });
    expect((await send(ctx, URL, token, { toMemberId: other.id, points: 40, message: 'One' })).statusCode).toBe(200);
    expect((await allowance(token)).json()).toEqual({ dailyCap: 50, givenToday: 40, leftToday: 10 });
    // A refused send counts nothing.
    expect((await send(ctx, URL, token, { toMemberId: other.id, points: 11, message: 'Two' })).statusCode).toBe(422);
    expect((await allowance(token)).json()).toEqual({ dailyCap: 50, givenToday: 40, leftToday: 10 });
    // A lower cap set later never answers a negative allowance.
    await setSetting(ctx.app, 'payItForwardDailyCap', 30);
    expect((await allowance(token)).json()).toEqual({ dailyCap: 30, givenToday: 40, leftToday: 0 });
    await relaxLimits(ctx.app);
  });
});
