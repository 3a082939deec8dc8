import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_REFUSALS } from '@ovation/shared/schemas/oidc';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { sessions } from '../src/db/schema/index.ts';
import { createOidcProvider } from '../src/modules/oidc/oidc-client.ts';
import { setupApp, type TestContext } from './build-app.ts';
import { createMember, login } from './factories.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from './oidc-test-provider.ts';

const CLIENT = { clientId: 'ovation-test', clientSecret: 'test-client-secret-0123456789' };
const PUBLIC_URL = 'http://localhost:3000';

/** Log lines the app writes, as objects. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

/** A provider for this block and an app configured for it (config is read when the app is built). */
function withProvider(
  build: Parameters<typeof setupApp>[1] = {},
  extra: Partial<AppConfig> = {},
): { ctx: TestContext; provider: () => TestProvider } {
  let provider: TestProvider;
  const overrides: Partial<AppConfig> = { PUBLIC_URL, OIDC_LABEL: 'Test ID', ...CLIENT_ENV, ...extra };
  beforeAll(async () => {
    provider = await startTestProvider({
      ...CLIENT,
      redirectUris: [`${PUBLIC_URL}/welcometrfauth`],
      postLogoutRedirectUris: [`${PUBLIC_URL}/`],
    });
    overrides.OIDC_ISSUER = provider.issuer;
  });
  afterAll(async () => provider?.close());
  return { ctx: setupApp(overrides, build), provider: () => provider };
}
const CLIENT_ENV = { OIDC_CLIENT_ID: CLIENT.clientId, OIDC_CLIENT_SECRET: CLIENT.clientSecret };

async function start(ctx: TestContext) {
  const res = await ctx.request({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(res.statusCode).toBe(302);
  const binding = res.cookies.find((c) => c.name === 'ovation_oidc');
  expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
  return { location: res.headers.location as string, binding: binding!.value };
}

function callback(ctx: TestContext, redirect: URL, binding?: string, changes: Record<string, string> = {}) {
  const payload = {
    code: redirect.searchParams.get('code'),
    state: redirect.searchParams.get('state'),
    ...(redirect.searchParams.get('iss') ? { iss: redirect.searchParams.get('iss') } : {}),
    ...changes,
  };
  return ctx.request({
    method: 'POST',
    url: '/api/auth/oidc/callback',
    payload,
    ...(binding ? { cookies: { ovation_oidc: binding } } : {}),
  });
}

/** Start at the portal, sign in at the provider, come back: the authorization response. */
async function throughProvider(ctx: TestContext, loginAs: string) {
  const { location, binding } = await start(ctx);
  const redirect = await signInAtProvider(location, loginAs);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(`${PUBLIC_URL}/welcometrfauth`);
  return { redirect, binding };
}

async function sessionCount(ctx: TestContext, memberId: number) {
  return (await ctx.app.db.select().from(sessions).where(eq(sessions.memberId, memberId))).length;
}

describe('single sign-on configuration (env.ts)', () => {
  it('needs https (http only on this machine) and the client credentials', () => {
    const ok = loadConfig({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' });
    expect(ok.OIDC_MATCH).toBe('email');
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toThrow(/OIDC_ISSUER: must be an https:\/\/ URL/);
    expect(
      loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).OIDC_ISSUER,
    ).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ OIDC_MATCH: 'name' })).toThrow(/OIDC_MATCH/);
  });
});

describe('single sign-on switched off (OIDC_ISSUER unset)', () => {
  const ctx = setupApp();

  it('says it is off, sends /start to /welcometrfauth and refuses a callback', async () => {
    const config = await ctx.request({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(config.json()).toEqual({ enabled: false, label: '' });
    const res = await ctx.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/welcometrfauth');
    const cb = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { code: 'x', state: 'y' },
    });
    expect(cb.statusCode).toBe(404);
    expect(cb.json()).toMatchObject({ type: OIDC_REFUSALS.off, message: expect.stringContaining('not set up') });
  });

  it('validates the callback body (400 with field errors)', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/auth/oidc/callback', payload: { code: '' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['code', 'state']));
  });

  it('needs the XSRF header on the callback', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { code: 'x', state: 'y' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('single sign-on against a real OpenID provider', () => {
  const log = captureLog();
  const { ctx, provider } = withProvider({ loggerInstance: log.logger });
  const refusals = () => log.lines.filter((l) => l.msg === 'single sign-on refused');

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
    expect(await sessionCount(ctx, member.id)).toBe(0);
    expect(
      refusals()
        .slice(before)
        .map((l) => (l.oidc as { why: string }).why),
    ).toEqual(['unknown, used or expired state', 'started in another browser']);
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
});
