import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { KNOWN_DEVICE_COOKIE } from '../../src/modules/auth/known-device.ts';
import { createMember, mailedResetToken, TEST_PASSWORD } from '../support/factories.ts';
import { ipSequence, signIn } from '../support/sign-in.ts';

/**
 * Issue 15 #2: failed sign-ins are also counted per account whatever the IP, in the database, with
 * the member told by e-mail; a member's known device has its own count. The client's address and
 * the per-IP limits: client-address.test.ts.
 */
const ctx = setupApp();

const freshIp = ipSequence();

/** The known-device cookie a successful sign-in sets. */
const deviceOf = (res: Awaited<ReturnType<typeof signIn>>) => {
  const cookie = res.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
  return cookie!.value;
};

const alerts = (to: string) =>
  ctx.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'sign-in-throttled')));

describe('account-wide failure counter', () => {
  it('throttles the account after 10 failures from 10 different IPs, and tells the member once', async () => {
    const member = await createMember(ctx.app);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() })).statusCode).toBe(401);
    }
    const blocked = await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Too many failed sign-ins');
    // More tries during the pause neither count nor e-mail again.
    for (let i = 0; i < 5; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });

    const mails = await alerts(member.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Failed sign-ins to your Ovation account');
    expect(mails[0]!.bodyText).toContain('/resetpassword');
    expect(mails[0]!.sensitive).toBe(false);
  });

  it('answers an unknown account the same way (no account discovery), without e-mailing anyone', async () => {
    const before = (await ctx.app.db.select().from(emailOutbox)).length;
    for (let i = 0; i < 10; i++) {
      expect((await signIn(ctx, 'no.such.member@example.test', 'x-password', { ip: freshIp() })).statusCode).toBe(401);
    }
    expect((await signIn(ctx, 'no.such.member@example.test', 'x-password', { ip: freshIp() })).statusCode).toBe(429);
    expect(await ctx.app.db.select().from(emailOutbox)).toHaveLength(before);
  });

  it('is not a permanent lockout: the pause ends, and a second one lasts longer', async () => {
    const member = await createMember(ctx.app);
    const start = Date.now();
    const at = (minutes: number) => vi.useFakeTimers({ toFake: ['Date'], now: start + minutes * 60_000 });

    for (let i = 0; i < 10; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });
    at(14);
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(429);
    at(16);
    for (let i = 0; i < 10; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });
    // The second pause is 30 minutes.
    at(16 + 29);
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(429);
    at(16 + 31);
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
    expect(await alerts(member.email!)).toHaveLength(2);
  });

  it('lifts the pause when the member resets the password', async () => {
    const member = await createMember(ctx.app);
    for (let i = 0; i < 10; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(429);

    const token = await mailedResetToken(ctx, member.email!);
    const newPassword = 'Fresh-start-pass-31';
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(ctx, member.email!, newPassword, { ip: freshIp() })).statusCode).toBe(200);
  });

  it("others' failures never pause the member's own browser (a known device), nor a forged or borrowed cookie", async () => {
    const member = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    const device = deviceOf(await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() }));
    const othersDevice = deviceOf(await signIn(ctx, other.email!, TEST_PASSWORD, { ip: freshIp() }));
    for (let i = 0; i < 10; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });
    // The attacker's browsers are paused…
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(429);
    const [nonce, mac] = device.split('.');
    const forged = `${nonce!.slice(0, -1)}${nonce!.endsWith('A') ? 'B' : 'A'}.${mac}`;
    for (const cookie of [othersDevice, forged, 'not-a-cookie']) {
      expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp(), device: cookie })).statusCode).toBe(429);
    }
    // …the member's own is not, and the pause was not lifted for anyone else by it.
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp(), device })).statusCode).toBe(200);
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(429);
  });

  it('a known device has its own limit: ten wrong passwords from it pause it, not the account', async () => {
    const member = await createMember(ctx.app);
    const device = deviceOf(await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() }));
    for (let i = 0; i < 10; i++) {
      expect((await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp(), device })).statusCode).toBe(401);
    }
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp(), device })).statusCode).toBe(429);
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
  });

  it("a password reset lifts a known device's pause too, and no other account's", async () => {
    const member = await createMember(ctx.app);
    // An address that ends with the member's: its device counter must not be taken for theirs.
    const lookalike = await createMember(ctx.app, { email: `x${member.email}` });
    const device = deviceOf(await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() }));
    const lookalikeDevice = deviceOf(await signIn(ctx, lookalike.email!, TEST_PASSWORD, { ip: freshIp() }));
    for (let i = 0; i < 10; i++) {
      await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp(), device });
      await signIn(ctx, lookalike.email!, 'wrong-password', { ip: freshIp(), device: lookalikeDevice });
    }
    const newPassword = 'Fresh-start-pass-32';
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token: await mailedResetToken(ctx, member.email!), password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(ctx, member.email!, newPassword, { ip: freshIp(), device })).statusCode).toBe(200);
    const stillPaused = await signIn(ctx, lookalike.email!, TEST_PASSWORD, { ip: freshIp(), device: lookalikeDevice });
    expect(stillPaused.statusCode).toBe(429);
  });

  it('clears the count on a successful sign-in', async () => {
    const member = await createMember(ctx.app);
    for (let i = 0; i < 9; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) await signIn(ctx, member.email!, 'wrong-password', { ip: freshIp() });
    expect((await signIn(ctx, member.email!, TEST_PASSWORD, { ip: freshIp() })).statusCode).toBe(200);
  });
});
