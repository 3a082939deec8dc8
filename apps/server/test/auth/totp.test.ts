import { and, eq, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { ACCOUNT_PAUSED } from '../../src/modules/auth/sign-in-throttle.ts';
import { codeCounterKey } from '../../src/modules/auth/totp.ts';
import { setupApp } from '../support/build-app.ts';
import { login, mailedResetToken, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

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

  it('stops guessing the password at enrolment: the sixth try is 429, even with the right one', async () => {
    const { token } = await memberWithToken(ctx, { roles: 'rep' });
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/totp/enrol', { currentPassword: `wrong-guess-${i}` }, token);
      expect(wrong.statusCode).toBe(400);
    }
    expect((await post('/api/auth/totp/enrol', { currentPassword: TEST_PASSWORD }, token)).statusCode).toBe(429);
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
    // Typed without its dash, in capitals: the same code.
    const undashed = recoveryCodes[1]!.replace('-', '').toUpperCase();
    expect((await post('/api/auth/login/totp', { challenge: await challenge(), code: undashed })).statusCode).toBe(200);
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

  it('wrong codes count per member across challenges: ten pause the sign-in and tell the member', async () => {
    const { member, secret } = await enrolled();
    // From its own address, so the per-IP limit of the file's other tests is not what answers.
    const remoteAddress = '203.0.113.81';
    const from = (url: string, payload: object) =>
      ctx.request({ method: 'POST', url, payload, remoteAddress, xsrf: true });
    const challenge = async () =>
      (await from('/api/auth/login', { email: member.email, password: TEST_PASSWORD })).json().challenge as string;
    for (let round = 0; round < 2; round++) {
      const fresh = await challenge();
      for (let i = 0; i < 5; i++)
        expect((await from('/api/auth/login/totp', { challenge: fresh, code: '123456' })).statusCode).toBe(401);
    }
    const paused = await from('/api/auth/login/totp', { challenge: await challenge(), code: codeFor(secret) });
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toBe(ACCOUNT_PAUSED);
    const mails = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email!));
    // Wrong codes come after the right password: the member is told their password may be known.
    const told = mails.find((m) => m.kind === 'sign-in-throttled');
    expect(told?.subject).toBe('Your Ovation password may be known');
    expect(told?.bodyText).toContain('entered your Ovation password correctly, then 10 wrong codes');
    expect(told?.bodyText).toContain('/resetpassword');
    expect(told?.bodyText).not.toContain('with a wrong password');

    // Once the pause has ended, the right code signs in (and clears the count).
    await ctx.app.db.execute(
      sql`update sign_in_throttle set blocked_until = now() - interval '1 second' where email = ${codeCounterKey(member.id)}`,
    );
    expect(
      (await from('/api/auth/login/totp', { challenge: await challenge(), code: codeFor(secret) })).statusCode,
    ).toBe(200);
  });

  it('a challenge earned with the old password stops working once the password is reset', async () => {
    const { member, secret } = await enrolled();
    const signIn = await post('/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    const { challenge } = signIn.json() as { challenge: string };
    const token = await mailedResetToken(ctx, member.email!);
    expect((await post('/api/auth/reset', { token, password: 'Reset-after-leak-48' })).statusCode).toBe(200);
    expect((await post('/api/auth/login/totp', { challenge, code: codeFor(secret) })).statusCode).toBe(401);
  });

  it('a wrong password still answers as spec §7 says, enrolled or not', async () => {
    const { member } = await enrolled();
    const res = await post('/api/auth/login', { email: member.email, password: 'wrong-password-here' });
    expect(res.statusCode).toBe(401);
  });

  describe('managing it from My Profile: new recovery codes, turning it off', () => {
    const told = (email: string) =>
      ctx.app.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'second-factor-changed')));
    const signInWith = async (email: string, code: string) => {
      const { challenge } = (await post('/api/auth/login', { email, password: TEST_PASSWORD })).json();
      return post('/api/auth/login/totp', { challenge, code });
    };

    it('new recovery codes need the password and a current code; the old codes stop working', async () => {
      const { member, token, secret, recoveryCodes } = await enrolled();
      const wrongPassword = await post(
        '/api/auth/totp/recovery-codes',
        { currentPassword: 'not-my-password-1', code: codeFor(secret) },
        token,
      );
      expect(wrongPassword.statusCode).toBe(400);
      expect(wrongPassword.json().errors.currentPassword).toEqual(['The current password is not correct']);
      const wrongCode = await post(
        '/api/auth/totp/recovery-codes',
        { currentPassword: TEST_PASSWORD, code: '000000' },
        token,
      );
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json().errors.code).toBeDefined();

      const fresh = await post(
        '/api/auth/totp/recovery-codes',
        { currentPassword: TEST_PASSWORD, code: codeFor(secret) },
        token,
      );
      expect(fresh.statusCode).toBe(200);
      expect(fresh.headers['cache-control']).toBe('no-store');
      const codes = fresh.json().recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(codes.some((c) => recoveryCodes.includes(c))).toBe(false);
      expect((await signInWith(member.email!, recoveryCodes[1]!)).statusCode).toBe(401);
      expect((await signInWith(member.email!, codes[0]!)).statusCode).toBe(200);
      const [mail] = await told(member.email!);
      expect(mail!.bodyText).toContain('the old ones no longer work');
      expect(mail!.bodyText).not.toContain(codes[0]!);
    });

    it('turning it off (here with a recovery code) lets the password alone sign in again, and tells the member', async () => {
      const { member, token, recoveryCodes } = await enrolled({ isAdminReports: true, roles: '' });
      const off = await post(
        '/api/auth/totp/disable',
        { currentPassword: TEST_PASSWORD, code: recoveryCodes[2] },
        token,
      );
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ message: 'Two-step sign-in is off.' });
      expect((await ctx.request({ method: 'GET', url: '/api/auth/totp', token })).json()).toEqual({
        eligible: true,
        enrolled: false,
      });
      expect(await login(ctx, member.email!)).toEqual(expect.any(String));
      expect((await told(member.email!))[0]!.bodyText).toContain('turned off');
      // Off already: nothing to turn off or renew.
      const again = await post('/api/auth/totp/disable', { currentPassword: TEST_PASSWORD, code: '123456' }, token);
      expect(again.statusCode).toBe(409);
    });

    it('a code used to sign in cannot be used again to turn it off (replay)', async () => {
      const { member, secret } = await enrolled();
      const code = codeFor(secret, 1);
      const signedIn = await signInWith(member.email!, code);
      expect(signedIn.statusCode).toBe(200);
      const token = signedIn.json().authToken as string;
      const replay = await post('/api/auth/totp/disable', { currentPassword: TEST_PASSWORD, code }, token);
      expect(replay.statusCode).toBe(400);
    });

    it('wrong passwords and codes count together with change-password: 429 after five', async () => {
      const { token } = await enrolled();
      for (let i = 0; i < 5; i++) {
        const wrong = await post('/api/auth/totp/disable', { currentPassword: TEST_PASSWORD, code: '000000' }, token);
        expect(wrong.statusCode).toBe(400);
      }
      const limited = await post('/api/auth/totp/disable', { currentPassword: TEST_PASSWORD, code: '000000' }, token);
      expect(limited.statusCode).toBe(429);
    });
  });
});
