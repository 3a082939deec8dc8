import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { openSession } from '../../src/modules/auth/auth.service.ts';
import { createMember, login, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

/**
 * Issue 15 #5: the e-mail address is the sign-in name and where reset links go. Changing it
 * needs the current password, and the old address is told.
 */
const ctx = setupApp();
const body = { cellNum: '+27 83 123 4567', interests: 'Jerusalema', asperations: 'Surfing' };
const put = (token: string, payload: object) => ctx.request({ method: 'PUT', url: '/api/profile', token, payload });

describe('changing the e-mail address', () => {
  it('needs the current password, on its own field', async () => {
    const { member, token } = await memberWithToken(ctx);
    const missing = await put(token, { ...body, email: `changed.${member.id}@example.test` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toEqual([
      'Enter your current password to change your e-mail address',
    ]);

    const wrong = await put(token, {
      ...body,
      email: `changed.${member.id}@example.test`,
      currentPassword: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toEqual(['The current password is not correct']);

    // Nothing changed: the old address still signs in, and nobody was e-mailed.
    expect(await login(ctx, member.email!)).toEqual(expect.any(String));
    expect(await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email!))).toEqual([]);
  });

  it('stops guessing: past five wrong passwords (counted with change-password), 429 even for the right one', async () => {
    const { member, token } = await memberWithToken(ctx);
    const email = `guess.${member.id}@example.test`;
    const changePassword = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: 'wrong-guess-0', newPassword: 'Another-strong-pass-9' },
    });
    expect(changePassword.statusCode).toBe(400);
    for (let i = 1; i < 5; i++) {
      expect((await put(token, { ...body, email, currentPassword: `wrong-guess-${i}` })).statusCode).toBe(400);
    }
    const limited = await put(token, { ...body, email, currentPassword: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(await login(ctx, member.email!)).toEqual(expect.any(String));
  });

  it('counts parallel guesses before checking them: twenty at once get five answers, the rest 429', async () => {
    const { member, token } = await memberWithToken(ctx);
    const email = `parallel.${member.id}@example.test`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => put(token, { ...body, email, currentPassword: `guess-${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('a right password gives its place back: after four wrong ones, a right one and four more wrong ones still answer 400', async () => {
    const { member, token } = await memberWithToken(ctx);
    const wrong = (i: number) =>
      put(token, { ...body, email: `budget.${member.id}@example.test`, currentPassword: `no-${i}` });
    for (let i = 0; i < 4; i++) expect((await wrong(i)).statusCode).toBe(400);
    const right = await ctx.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-strong-pass-9' },
    });
    expect(right.statusCode).toBe(200);
    // The fifth wrong one is still within the limit; the sixth is not.
    expect((await wrong(5)).statusCode).toBe(400);
    expect((await wrong(6)).statusCode).toBe(429);
  });

  it('changes it with the current password and tells the old address', async () => {
    const { member, token } = await memberWithToken(ctx);
    const newEmail = `moved.${member.id}@example.test`;
    const res = await put(token, { ...body, email: newEmail, currentPassword: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.email).toBe(newEmail);
    expect(await login(ctx, newEmail)).toEqual(expect.any(String));

    const [told] = await ctx.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, member.email!), eq(emailOutbox.kind, 'email-changed')));
    expect(told!.subject).toBe('Your Ovation e-mail address was changed');
    expect(told!.bodyText).toContain(newEmail);
    expect(told!.bodyText).toContain('/contactsupport');
  });

  it('needs no password when the address stays the same (any letter case)', async () => {
    const { member, token } = await memberWithToken(ctx);
    const res = await put(token, { ...body, email: member.email!.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('a member signing in through single sign-on: a first address completes the profile; a change goes to support', async () => {
    // Made by a members file without an address, signing in through single sign-on: no password.
    const member = await createMember(ctx.app, { registered: false, email: null });
    const { authToken } = await openSession(ctx.app.db, member.id, 1, { method: 'password' });
    const first = await put(authToken, { ...body, email: `first.${member.id}@example.test` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().profile.email).toBe(`first.${member.id}@example.test`);

    const change = await put(authToken, { ...body, email: `moved.${member.id}@example.test`, currentPassword: 'x' });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors.email).toEqual([
      'You sign in without a portal password, so only support can change this address: please use Contact Us',
    ]);
  });
});
