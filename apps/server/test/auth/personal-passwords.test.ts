import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, login, mailedResetToken, TEST_PASSWORD } from '../support/factories.ts';

/** A new password made of the member's own name or e-mail address is refused (issue 43, L3). */
describe('passwords made of the member', () => {
  const ctx = setupApp();

  it('refuses a reset to the member’s name, and takes a stronger one with the same link', async () => {
    const member = await createMember(ctx.app, {
      firstName: 'Thandeka',
      surname: 'Mokoena',
      email: 'thandeka.mokoena@firm.test',
    });
    const token = await mailedResetToken(ctx, member.email!);
    const weak = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: 'Thandeka2026!' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password[0]).toContain('your name or e-mail address');
    const strong = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: 'Granite-lantern-77' },
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });

  it('refuses changing to the e-mail address’s local part', async () => {
    const member = await createMember(ctx.app, { email: 'sipho.ndlovu@firm.test' });
    const token = await login(ctx, member.email!);
    const changed = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'sipho.ndlovu1' },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().errors.newPassword[0]).toContain('your name or e-mail address');
  });
});
