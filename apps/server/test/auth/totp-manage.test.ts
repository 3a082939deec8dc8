import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { login, TEST_PASSWORD } from '../support/factories.ts';
import { totpHelpers } from '../support/totp.ts';

/** The TOTP second factor managed from My Profile once enrolled (decision 0037). */
const ctx = setupApp();
const { codeFor, post, enrolled } = totpHelpers(ctx);

describe('TOTP second factor', () => {
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
        { currentPassword: TEST_PASSWORD, code: codeFor(secret, 1) },
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
