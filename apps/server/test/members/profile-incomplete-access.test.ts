import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPLETE_PROFILE_FIRST } from '../../src/plugins/auth.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { fund, relaxLimits } from '../support/ledger-factories.ts';

/**
 * An incomplete profile (no cell number) is kept on My Profile by the server too (spec §4,
 * decision 0082): every member route not marked profileExempt answers 403, whatever is sent.
 */
const ctx = setupApp();

/** What an incomplete profile may still reach: its session, profile, sign-out, bell and Contact Us. */
const EXEMPT = new Set([
  'POST /api/spa/loadsession',
  'PUT /api/profile',
  'POST /api/profile/picture',
  'GET /api/profile/preferences',
  'PUT /api/profile/preferences',
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'GET /api/auth/totp',
  'POST /api/auth/totp/enrol',
  'POST /api/auth/totp/confirm',
  'POST /api/auth/totp/recovery-codes',
  'POST /api/auth/totp/disable',
  'POST /api/auth/oidc/logout',
  'GET /api/notifications',
  'POST /api/notifications/read',
  'POST /api/live/ticket',
  'POST /api/site/contactus',
]);

const memberRoutes = () =>
  ctx.app.routeCatalog.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.auth !== 'public',
  );

describe('an incomplete profile on the API', () => {
  it('marks exempt exactly My Profile, the session, sign-out, the bell and Contact Us', () => {
    const exempt = memberRoutes()
      .filter((r) => r.profileExempt)
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(exempt)).toEqual(EXEMPT);
  });

  it('refuses every other member route with the reason, before reading what was sent', async () => {
    const { token } = await memberWithToken(ctx, { cellNum: null });
    const closed = memberRoutes().filter((r) => !r.profileExempt);
    expect(closed.length).toBeGreaterThan(20);
    for (const route of closed) {
      const res = await ctx.request({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, '1'),
        payload: route.method === 'GET' ? undefined : {},
        token,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message, `${route.method} ${route.url}`).toBe(COMPLETE_PROFILE_FIRST);
    }
    const session = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });
    expect(session.statusCode).toBe(200);
    expect(session.json().isProfileIncomplete).toBe(true);
    expect((await ctx.request({ method: 'GET', url: '/api/notifications', token })).statusCode).toBe(200);
  });

  it('opens the portal as soon as the profile is saved complete: a send goes through at once', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx, { cellNum: null });
    await fund(ctx.app, member.id, 10);
    const colleague = await createMember(ctx.app);
    const send = () =>
      ctx.request({
        method: 'POST',
        url: '/api/payitforward/send',
        headers: { 'idempotency-key': randomUUID() },
        payload: { toMemberId: colleague.id, points: 1, message: 'Thanks' },
        token,
      });
    expect((await send()).statusCode).toBe(403);
    const profile = {
      cellNum: '+27 83 123 4567',
      email: member.email,
      interests: 'Jerusalema',
      asperations: 'Surfing',
    };
    const saved = await ctx.request({ method: 'PUT', url: '/api/profile', payload: profile, token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().isProfileIncomplete).toBe(false);
    expect((await send()).statusCode).toBe(200);
  });
});
