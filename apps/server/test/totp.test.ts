import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { setupApp } from './build-app.ts';
import { login, memberWithToken, TEST_PASSWORD } from './factories.ts';

/**
 * Issue 15 #5: a TOTP second factor for administrators and report roles (decision 0037).
 * Offered to eligible members, enrolled with a confirming code, then asked for at sign-in
 * through an additive second step; members without it sign in as spec §7 says.
 */
const ctx = setupApp();
const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });

const post = (url: string, payload: object, token?: string) => ctx.request({ method: 'POST', url, payload, token });

async function enrolled(overrides = {}) {
  const { member, token } = await memberWithToken(ctx, { roles: 'rep', ...overrides });
  const start = await post('/api/auth/totp/enrol', { currentPassword: TEST_PASSWORD }, token);
  expect(start.statusCode).toBe(200);
  const { secret } = start.json();
  const confirm = await post('/api/auth/totp/confirm', { code: codeFor(secret) }, token);
  expect(confirm.statusCode).toBe(200);
  return { member, token, secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

describe('TOTP second factor', () => {
  it('is offered to report roles and administrators, not to plain members', async () => {
    const plain = await memberWithToken(ctx);
    const status = await ctx.request({ method: 'GET', url: '/api/auth/totp', token: plain.token });
    expect(status.json()).toEqual({ eligible: false, enrolled: false });
    const refused = await post('/api/auth/totp/enrol', { currentPassword: TEST_PASSWORD }, plain.token);
    expect(refused.statusCode).toBe(403);

    const admin = await memberWithToken(ctx, { isAdminReports: true });
    const offered = await ctx.request({ method: 'GET', url: '/api/auth/totp', token: admin.token });
    expect(offered.json()).toEqual({ eligible: true, enrolled: false });
  });

  it('enrols with the current password, a QR code and a confirming code; a wrong code changes nothing', async () => {
    const { member, token } = await memberWithToken(ctx, { roles: 'news' });
    const wrongPassword = await post('/api/auth/totp/enrol', { currentPassword: 'nope-nope-nope' }, token);
    expect(wrongPassword.statusCode).toBe(400);
    const start = await post('/api/auth/totp/enrol', { currentPassword: TEST_PASSWORD }, token);
    const body = start.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUri).toContain('otpauth://totp/Ovation:');
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await post('/api/auth/totp/confirm', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toEqual(['That code is not right. Enter the code your app shows now.']);
    // Not enrolled yet: the password alone still signs in.
    expect(await login(ctx, member.email!)).toEqual(expect.any(String));
  });

  it('once enrolled, the password alone gives a challenge, not a session; the code finishes sign-in once', async () => {
    const { member, secret, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    const first = await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json().authToken).toBeUndefined();
    expect(first.json()).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });

    const { challenge } = first.json();
    const done = await post('/api/auth/login/totp', { challenge, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    const token = done.json().authToken as string;
    expect((await post('/api/spa/loadsession', {}, token)).statusCode).toBe(200);

    // The challenge is spent, and the same code cannot be replayed on a new challenge.
    expect((await post('/api/auth/login/totp', { challenge, code: codeFor(secret) })).statusCode).toBe(401);
    const again = (await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).json();
    expect((await post('/api/auth/login/totp', { challenge: again.challenge, code: codeFor(secret) })).statusCode).toBe(
      401,
    );
  });

  it('a recovery code works once in place of the app code', async () => {
    const { member, recoveryCodes } = await enrolled({ isAdminReports: true, roles: '' });
    const challenge = () =>
      post('/api/auth/login', { email: member.email, password: TEST_PASSWORD }).then((r) => r.json().challenge);
    const ok = await post('/api/auth/login/totp', { challenge: await challenge(), code: recoveryCodes[0] });
    expect(ok.statusCode).toBe(200);
    const reused = await post('/api/auth/login/totp', { challenge: await challenge(), code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(401);
  });

  it('five wrong codes spend the challenge (rate-limited code attempts)', async () => {
    const { member, secret } = await enrolled();
    const { challenge } = (await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).json();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/login/totp', { challenge, code: '123456' });
      expect(wrong.statusCode).toBe(401);
    }
    const late = await post('/api/auth/login/totp', { challenge, code: codeFor(secret) });
    expect(late.statusCode).toBe(401);
  });

  it('a wrong password still answers as spec §7 says, enrolled or not', async () => {
    const { member } = await enrolled();
    const res = await post('/api/auth/login', { email: member.email, password: 'wrong-password-here' });
    expect(res.statusCode).toBe(401);
  });
});
