import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { login, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

/**
 * Issue 15 #5: a signed-in member changes their own password. It needs the current one,
 * signs out every other session, and the member is told by e-mail.
 */
const ctx = setupApp();
const NEW_PASSWORD = 'Blue-kettle-sings-77';
const change = (token: string | undefined, payload: object) =>
  ctx.request({ method: 'POST', url: '/api/auth/change-password', token, payload });
const loadSession = (token: string) => ctx.request({ method: 'POST', url: '/api/spa/loadsession', token, payload: {} });

describe('changing one’s password', () => {
  it('needs a signed-in member', async () => {
    const res = await change(undefined, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong current password on its own field, and changes nothing', async () => {
    const { member, token } = await memberWithToken(ctx);
    const res = await change(token, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.currentPassword).toEqual(['The current password is not correct']);
    expect(await login(ctx, member.email!)).toEqual(expect.any(String));
  });

  it('checks the new password like every other (400 with field errors)', async () => {
    const { token } = await memberWithToken(ctx);
    const weak = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'aaaaaaaaaa' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toEqual([expect.any(String)]);
    const same = await change(token, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors.newPassword).toEqual(['Choose a password different from the current one']);
  });

  it('changes it, keeps this session, signs out the others and e-mails the member', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await login(ctx, member.email!);
    const res = await change(token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Other devices have been signed out.' });

    expect((await loadSession(token)).statusCode).toBe(200);
    expect((await loadSession(other)).statusCode).toBe(401);

    const oldLogin = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    expect(await login(ctx, member.email!, NEW_PASSWORD)).toEqual(expect.any(String));

    const [told] = await ctx.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, member.email!), eq(emailOutbox.kind, 'password-changed')));
    expect(told!.subject).toBe('Your Ovation password was changed');
    expect(told!.bodyText).toContain('/contactsupport');
    expect(told!.bodyText).not.toContain(NEW_PASSWORD);
  });

  it('stops guessing the current password with a stolen session (429 after 5 wrong tries)', async () => {
    const { token } = await memberWithToken(ctx);
    for (let i = 0; i < 5; i++) {
      const res = await change(token, { currentPassword: `wrong-${i}-guess`, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
    }
    const res = await change(token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(429);
  });
});
