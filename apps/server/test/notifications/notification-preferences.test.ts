import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { bellRequests } from '../support/bell-requests.ts';
import { memberWithToken } from '../support/factories.ts';
import { emailsTo, fund, send } from '../support/ledger-factories.ts';

/** A member's notification preferences: which e-mails they receive, the digest, celebrations. */
const ctx = setupApp();
const { get } = bellRequests(ctx);

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
