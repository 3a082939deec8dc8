import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailOutbox, passwordResetTokens } from '../../src/db/schema/index.ts';
import { RESET_TOKEN_TTL_MS } from '../../src/modules/auth/auth.service.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login, mailedResetToken, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

// With the session cache on (as in production): logout and reset must still refuse the token at once.
const ctx = setupApp({ SESSION_CACHE_SECONDS: 60 });
const post = (url: string, payload: unknown, extra: { token?: string; xsrf?: boolean } = {}) =>
  ctx.request({ method: 'POST', url, payload: payload as object, ...extra });

describe('POST /api/auth/login', () => {
  it('answers 400 with field errors for a bad body', async () => {
    const res = await post('/api/auth/login', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
    expect(body.errors.email).toEqual(['Enter a valid e-mail address']);
    expect(body.errors.password).toBeDefined();
    expect(body.traceId).toEqual(expect.any(String));
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.body).toBeDefined();
  });

  it('signs in with the right password and refuses a wrong one with the same message as an unknown account', async () => {
    const member = await createMember(ctx.app);
    const ok = await post('/api/auth/login', { email: member.email!.toUpperCase(), password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().authToken).toMatch(/^[\w-]{43}$/);

    const wrong = await post('/api/auth/login', { email: member.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('refuses an unregistered member and an inactive one', async () => {
    const unregistered = await createMember(ctx.app, { registered: false });
    const inactive = await createMember(ctx.app, { active: false });
    for (const m of [unregistered, inactive]) {
      expect((await post('/api/auth/login', { email: m.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    }
  });

  it('pauses the account after 10 failed sign-ins, from this IP and from elsewhere (sign-in-throttle.test.ts has more)', async () => {
    const member = await createMember(ctx.app);
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/auth/login', { email: member.email, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Too many failed sign-ins');

    const elsewhere = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
      remoteAddress: '10.9.8.7',
    });
    expect(elsewhere.statusCode).toBe(429);
  });
});

describe('XSRF double-submit', () => {
  it('issues the XSRF-TOKEN cookie on a safe request', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/auth/xsrf', xsrf: false });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('refuses a state-changing call without the header, or with a wrong one', async () => {
    const missing = await post('/api/auth/login', { email: 'a@b.co', password: 'x' }, { xsrf: false });
    expect(missing.statusCode).toBe(403);
    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
      cookies: { 'XSRF-TOKEN': 'cookie-value-aaaaaaaaaaaaaaaa' },
      headers: { 'x-xsrf-token': 'header-value-bbbbbbbbbbbbbbbb' },
      xsrf: false,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('security token');
  });
});

describe('POST /api/auth/logout', () => {
  it('needs a session', async () => {
    expect((await post('/api/auth/logout', {})).statusCode).toBe(401);
  });

  it('revokes the session so the token no longer works', async () => {
    const { token } = await memberWithToken(ctx);
    expect((await post('/api/spa/loadsession', {}, { token })).statusCode).toBe(200);
    expect((await post('/api/auth/logout', {}, { token })).statusCode).toBe(204);
    expect((await post('/api/spa/loadsession', {}, { token })).statusCode).toBe(401);
  });

  it('rejects a made-up token', async () => {
    expect((await post('/api/spa/loadsession', {}, { token: 'x'.repeat(43) })).statusCode).toBe(401);
  });
});

// Registration (request and activation): registration.test.ts.

describe('password reset', () => {
  const newPassword = 'Brand-new-pass-9';

  it('answers before it looks anyone up, so its timing cannot tell a member from a stranger', async () => {
    const member = await createMember(ctx.app);
    const withheld: (() => Promise<unknown>)[] = [];
    const run = vi.spyOn(ctx.app.backgroundWork, 'run').mockImplementation((task) => void withheld.push(task));
    const resets = () =>
      ctx.app.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, member.email!), eq(emailOutbox.kind, 'password-reset')));
    try {
      const known = await post('/api/auth/reset-request', { email: member.email });
      const stranger = await post('/api/auth/reset-request', { email: 'stranger@example.test' });
      expect([known.statusCode, known.body]).toEqual([stranger.statusCode, stranger.body]);
      expect(withheld).toHaveLength(2);
      expect(await resets()).toEqual([]);
    } finally {
      run.mockRestore();
    }
    await Promise.all(withheld.map((task) => task()));
    expect(await resets()).toHaveLength(1);
  });

  it('answers the same for an unknown address and e-mails nothing', async () => {
    const before = await ctx.app.db.select().from(emailOutbox);
    const res = await post('/api/auth/reset-request', { email: 'ghost@example.test' });
    expect(res.statusCode).toBe(200);
    await ctx.app.backgroundWork.settled();
    expect(res.json().message).toContain('If that e-mail address belongs to a registered member');
    expect(await ctx.app.db.select().from(emailOutbox)).toHaveLength(before.length);
  });

  it('e-mails a link whose token works once, changes the password and signs out every session', async () => {
    const member = await createMember(ctx.app);
    const oldToken = await login(ctx, member.email!);
    const token = await mailedResetToken(ctx, member.email!);
    const stored = await ctx.app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.memberId, member.id));
    expect(stored[0]!.tokenHash).not.toBe(token);

    expect((await post('/api/auth/reset', { token, password: newPassword })).statusCode).toBe(200);
    const reused = await post('/api/auth/reset', { token, password: 'Another-pass-77' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toContain('invalid, already used or expired');

    expect((await post('/api/spa/loadsession', {}, { token: oldToken })).statusCode).toBe(401);
    expect(await login(ctx, member.email!, newPassword)).toEqual(expect.any(String));
  });

  it('refuses an expired token', async () => {
    const member = await createMember(ctx.app);
    const token = await mailedResetToken(ctx, member.email!);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + RESET_TOKEN_TTL_MS + 1000 });
    const res = await post('/api/auth/reset', { token, password: newPassword });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const res = await post('/api/auth/reset', { token: 'short', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'token']);
  });
});
