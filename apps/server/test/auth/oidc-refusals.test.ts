import { describe, expect, it } from 'vitest';
import { OIDC_REFUSALS } from '@ovation/shared/schemas/oidc';
import { createOidcProvider } from '../../src/modules/oidc/oidc-client.ts';
import { createMember } from '../support/factories.ts';
import {
  callback,
  captureLog,
  sessionCount,
  start,
  throughProvider,
  withProvider,
} from '../support/oidc-sign-in-flow.ts';

describe('single sign-on against a real OpenID provider', () => {
  const log = captureLog();
  const { ctx, provider } = withProvider({ loggerInstance: log.logger });
  const refusals = () => log.lines.filter((l) => l.msg === 'single sign-on refused');

  it('refuses a replayed callback (the state works once): no second session, a log line', async () => {
    const member = await createMember(ctx.app);
    const { redirect, binding } = await throughProvider(ctx, member.email!);
    expect((await callback(ctx, redirect, binding)).statusCode).toBe(200);
    const before = refusals().length;
    const replay = await callback(ctx, redirect, binding);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      type: OIDC_REFUSALS.badState,
      message: expect.stringContaining('start again'),
    });
    expect(await sessionCount(ctx, member.id)).toBe(1);
    expect(refusals().slice(before)).toEqual([
      expect.objectContaining({ oidc: expect.objectContaining({ reason: 'badState' }) }),
    ]);
  });

  it('refuses a replayed code under a fresh state: the provider will not exchange it twice', async () => {
    const member = await createMember(ctx.app);
    const first = await throughProvider(ctx, member.email!);
    expect((await callback(ctx, first.redirect, first.binding)).statusCode).toBe(200);
    const fresh = await start(ctx);
    const state = new URL(fresh.location).searchParams.get('state')!;
    const before = refusals().length;
    const res = await callback(ctx, first.redirect, fresh.binding, { state });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe(OIDC_REFUSALS.rejected);
    expect(await sessionCount(ctx, member.id)).toBe(1);
    expect(refusals().slice(before)).toEqual([
      expect.objectContaining({ oidc: expect.objectContaining({ reason: 'rejected', error: 'invalid_grant' }) }),
    ]);
  });

  it('refuses a bad state and a callback from another browser (no binding cookie)', async () => {
    const member = await createMember(ctx.app);
    const { redirect, binding } = await throughProvider(ctx, member.email!);
    const before = refusals().length;
    const forged = await callback(ctx, redirect, binding, { state: 'forged-state-value' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().type).toBe(OIDC_REFUSALS.badState);
    const other = await callback(ctx, redirect, undefined);
    expect(other.statusCode).toBe(400);
    expect(other.json().type).toBe(OIDC_REFUSALS.badState);
    const otherCookie = await callback(ctx, redirect, 'another-browsers-binding');
    expect(otherCookie.statusCode).toBe(400);
    expect(otherCookie.json().type).toBe(OIDC_REFUSALS.badState);
    expect(await sessionCount(ctx, member.id)).toBe(0);
    expect(
      refusals()
        .slice(before)
        .map((l) => (l.oidc as { why: string }).why),
    ).toEqual([
      'unknown, used or expired state, or another browser',
      'started in another browser',
      'unknown, used or expired state, or another browser',
    ]);
    // Those replays from elsewhere did not spend the flow: the browser that started it finishes.
    expect((await callback(ctx, redirect, binding)).statusCode).toBe(200);
    expect(await sessionCount(ctx, member.id)).toBe(1);
  });

  it('refuses someone the provider knows but who is no member', async () => {
    const before = refusals().length;
    const { redirect, binding } = await throughProvider(ctx, 'stranger@elsewhere.example');
    const res = await callback(ctx, redirect, binding);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      type: OIDC_REFUSALS.noMember,
      message:
        'You signed in with Test ID, but no Ovation account matches your e-mail address. Contact support to have it added.',
    });
    expect(res.json().authToken).toBeUndefined();
    expect(refusals().slice(before)).toEqual([
      expect.objectContaining({
        oidc: expect.objectContaining({ reason: 'noMember', sub: 'stranger@elsewhere.example' }),
      }),
    ]);
  });

  it('refuses an inactive member and a provider that says the e-mail address is unverified', async () => {
    const inactive = await createMember(ctx.app, { active: false });
    const a = await throughProvider(ctx, inactive.email!);
    const res = await callback(ctx, a.redirect, a.binding);
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe(OIDC_REFUSALS.inactive);
    expect(await sessionCount(ctx, inactive.id)).toBe(0);

    const member = await createMember(ctx.app);
    provider().accounts.set('unverified-login', { email: member.email, email_verified: false });
    const b = await throughProvider(ctx, 'unverified-login');
    const unverified = await callback(ctx, b.redirect, b.binding);
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().type).toBe(OIDC_REFUSALS.rejected);
    expect(await sessionCount(ctx, member.id)).toBe(0);
  });
});

describe('single sign-on with an ID token that has expired', () => {
  const log = captureLog();
  // This portal's clock runs two hours ahead: the provider's one-hour ID token has expired.
  const { ctx } = withProvider({
    loggerInstance: log.logger,
    services: (s) => ({ ...s, oidc: createOidcProvider(s.oidc!.settings, { clockSkewSeconds: 2 * 3600 }) }),
  });

  it('refuses it: a clear message, no session, a log line', async () => {
    const member = await createMember(ctx.app);
    const { redirect, binding } = await throughProvider(ctx, member.email!);
    const res = await callback(ctx, redirect, binding);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: OIDC_REFUSALS.rejected,
      message:
        'We could not verify your sign-in with Test ID. Please try again; if it keeps happening, contact support.',
    });
    expect(await sessionCount(ctx, member.id)).toBe(0);
    const line = log.lines.find((l) => l.msg === 'single sign-on refused');
    expect(line?.oidc).toMatchObject({ reason: 'rejected', code: 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' });
  });
});

describe('single sign-on with a wrongly signed ID token', () => {
  const log = captureLog();
  const { ctx, provider } = withProvider({ loggerInstance: log.logger });

  it('refuses it: a clear message, no session, a log line', async () => {
    // The provider's key ids now name other keys: its genuine signature no longer verifies.
    await provider().serveForeignKeys(true);
    const member = await createMember(ctx.app);
    const { redirect, binding } = await throughProvider(ctx, member.email!);
    const res = await callback(ctx, redirect, binding);
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe(OIDC_REFUSALS.rejected);
    expect(await sessionCount(ctx, member.id)).toBe(0);
    const line = log.lines.find((l) => l.msg === 'single sign-on refused');
    expect(line?.oidc).toMatchObject({ reason: 'rejected' });
    expect(JSON.stringify(line)).not.toMatch(/eyJ/); // no token in the log
  });
});
