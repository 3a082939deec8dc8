import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, sessions } from '../../src/db/schema/index.ts';
import { createMember, login } from '../support/factories.ts';
import {
  callback,
  CLIENT,
  PUBLIC_URL,
  sessionCount,
  start,
  throughProvider,
  withProvider,
} from '../support/oidc-sign-in-flow.ts';

describe('single sign-on against a real OpenID provider', () => {
  const { ctx } = withProvider();

  it('is on, with the label for the button', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(res.json()).toEqual({ enabled: true, label: 'Test ID' });
  });

  it('redirects to the provider with PKCE (S256), state and nonce', async () => {
    const { location } = await start(ctx);
    const url = new URL(location);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/welcometrfauth`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it('signs a member in with the same kind of session as a password sign-in, revoked by logout', async () => {
    const member = await createMember(ctx.app);
    const { redirect, binding } = await throughProvider(ctx, member.email!.toUpperCase());
    const res = await callback(ctx, redirect, binding);
    expect(res.statusCode).toBe(200);
    const { authToken } = res.json() as { authToken: string };
    expect(authToken).toMatch(/^[\w-]{43}$/);
    // The binding cookie is cleared once used.
    expect(res.cookies.find((c) => c.name === 'ovation_oidc')?.value).toBe('');

    const passwordToken = await login(ctx, member.email!);
    const rows = await ctx.app.db.select().from(sessions).where(eq(sessions.memberId, member.id));
    expect(rows).toHaveLength(2);
    const [a, b] = rows.map((r) => r.expiresAt.getTime() - r.createdAt.getTime());
    expect(Math.abs(a! - b!)).toBeLessThan(5_000);
    expect(a! / 3_600_000).toBeCloseTo(12, 1);

    const session = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token: authToken });
    expect(session.statusCode).toBe(200);
    expect(session.json().profile.email).toBe(member.email);

    const out = await ctx.request({ method: 'POST', url: '/api/auth/logout', payload: {}, token: authToken });
    expect(out.statusCode).toBe(204);
    const after = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token: authToken });
    expect(after.statusCode).toBe(401);
    const stillIn = await ctx.request({
      method: 'POST',
      url: '/api/spa/loadsession',
      payload: {},
      token: passwordToken,
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it("gives the provider's sign-out URL once for a single sign-on session, never for a password session", async () => {
    const member = await createMember(ctx.app);
    const { redirect, binding } = await throughProvider(ctx, member.email!);
    const { authToken } = (await callback(ctx, redirect, binding)).json() as { authToken: string };
    const anonymous = await ctx.request({ method: 'POST', url: '/api/auth/oidc/logout', payload: {} });
    expect(anonymous.statusCode).toBe(401);

    const res = await ctx.request({ method: 'POST', url: '/api/auth/oidc/logout', payload: {}, token: authToken });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().endSessionUrl as string);
    expect(url.pathname).toBe('/session/end');
    expect(url.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/`);
    // The provider accepts it: its sign-out confirmation page, not an error.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('logout');

    const again = await ctx.request({ method: 'POST', url: '/api/auth/oidc/logout', payload: {}, token: authToken });
    expect(again.json()).toEqual({ endSessionUrl: null });
    const passwordToken = await login(ctx, member.email!);
    const pw = await ctx.request({ method: 'POST', url: '/api/auth/oidc/logout', payload: {}, token: passwordToken });
    expect(pw.json()).toEqual({ endSessionUrl: null });
  });
});

describe('single sign-on matched by employee number', () => {
  const { ctx, provider } = withProvider({}, { OIDC_MATCH: 'employeeNumber' });

  it('finds the member by the employee_number claim, whatever the e-mail says', async () => {
    const member = await createMember(ctx.app);
    provider().accounts.set('jdoe', { email: 'someone-else@example.test', employee_number: member.employeeNumber });
    const { redirect, binding } = await throughProvider(ctx, 'jdoe');
    const res = await callback(ctx, redirect, binding);
    expect(res.statusCode).toBe(200);
    expect(await sessionCount(ctx, member.id)).toBe(1);
  });

  it('registers a member without a portal password at their first single sign-on (decision 0086)', async () => {
    const member = await createMember(ctx.app, { registered: false, firstName: 'Sso', surname: `Only ${Date.now()}` });
    const colleague = await login(ctx, (await createMember(ctx.app)).email!);
    const seen = async () =>
      (
        await ctx.request({
          method: 'POST',
          url: '/api/gettoknow/search',
          token: colleague,
          payload: { query: member.surname, page: 1 },
        })
      ).json().members;
    expect(await seen()).toEqual([expect.objectContaining({ isRegistered: false })]);

    provider().accounts.set('sso-only', { email: 'x@example.test', employee_number: member.employeeNumber });
    const { redirect, binding } = await throughProvider(ctx, 'sso-only');
    expect((await callback(ctx, redirect, binding)).statusCode).toBe(200);
    const [row] = await ctx.app.db
      .select({ at: members.ssoRegisteredAt })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row!.at).toBeInstanceOf(Date);
    expect(await seen()).toEqual([expect.objectContaining({ isRegistered: true })]);
  });
});
