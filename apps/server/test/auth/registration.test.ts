import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { credentials, emailOutbox, registrationTokens } from '../../src/db/schema/index.ts';
import { ACTIVATION_TOKEN_TTL_MS, REGISTER_MESSAGE } from '../../src/modules/auth/register-member.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login } from '../support/factories.ts';

/**
 * Issue 15 #3: knowing an employee number and e-mail is not enough to claim an account. The
 * register call answers the same whatever it found, and e-mails a single-use, hashed, expiring
 * activation link to the address on file; only that link sets the first password.
 */
const ctx = setupApp({ PUBLIC_URL: 'https://ovation.example' });
/** Posts, then waits for the work the answer did not wait for (registration's lookup and e-mail). */
const post = async (url: string, payload: unknown) => {
  const res = await ctx.request({ method: 'POST', url, payload: payload as object });
  await ctx.app.backgroundWork.settled();
  return res;
};
const password = 'A-new-password-1';

async function activationMails(to: string) {
  return ctx.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'registration-activation')))
    .orderBy(emailOutbox.id);
}

function tokenFrom(body: string): string {
  const match = /https:\/\/ovation\.example\/register\?token=([\w%-]+)/.exec(body);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

describe('POST /api/auth/register', () => {
  it('answers 400 with field errors for a bad body', async () => {
    const res = await post('/api/auth/register', { employeeNumber: '', email: 'x' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'employeeNumber']);
  });

  it('answers exactly the same for a match, an unknown number, a wrong e-mail and an account already registered', async () => {
    const unclaimed = await createMember(ctx.app, { registered: false });
    const registered = await createMember(ctx.app);
    const answers = await Promise.all([
      post('/api/auth/register', { employeeNumber: unclaimed.employeeNumber, email: unclaimed.email }),
      post('/api/auth/register', { employeeNumber: 'NOPE1', email: unclaimed.email }),
      post('/api/auth/register', { employeeNumber: unclaimed.employeeNumber, email: 'someone.else@example.test' }),
      post('/api/auth/register', { employeeNumber: registered.employeeNumber, email: registered.email }),
    ]);
    const [first, ...rest] = answers;
    expect(first!.statusCode).toBe(200);
    expect(first!.json().message).toContain('check your e-mail');
    for (const res of rest) {
      expect(res.statusCode).toBe(first!.statusCode);
      expect(res.json()).toEqual(first!.json());
    }
  });

  it('answers before it looks anyone up, so its timing cannot tell a match from a miss', async () => {
    const unclaimed = await createMember(ctx.app, { registered: false });
    const registered = await createMember(ctx.app);
    const withheld: (() => Promise<unknown>)[] = [];
    const run = vi.spyOn(ctx.app.backgroundWork, 'run').mockImplementation((task) => void withheld.push(task));
    try {
      const answers = [];
      for (const payload of [
        { employeeNumber: unclaimed.employeeNumber, email: unclaimed.email },
        { employeeNumber: registered.employeeNumber, email: registered.email },
        { employeeNumber: 'NOPE2', email: 'nobody@example.test' },
      ]) {
        answers.push(await ctx.request({ method: 'POST', url: '/api/auth/register', payload }));
      }
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual(
        answers.map(() => [200, JSON.stringify({ message: REGISTER_MESSAGE })]),
      );
      // Every answer was given while nothing had been read or sent yet.
      expect(withheld).toHaveLength(3);
      expect(await activationMails(unclaimed.email!)).toEqual([]);
    } finally {
      run.mockRestore();
    }
    await Promise.all(withheld.map((task) => task()));
    expect(await activationMails(unclaimed.email!)).toHaveLength(1);
    const note = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, registered.email!));
    expect(note.map((m) => m.kind)).toEqual(['registration-already-registered']);
    expect(note[0]!.bodyText).toContain('/resetpassword');
  });

  it('sets no password: it e-mails a hashed, single-use activation link to the address on file', async () => {
    const member = await createMember(ctx.app, { registered: false, email: `On.File.${Date.now()}@Example.test` });
    // The employee number and the address match in any letter case.
    const res = await post('/api/auth/register', {
      employeeNumber: member.employeeNumber.toLowerCase(),
      email: member.email!.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(credentials).where(eq(credentials.memberId, member.id))).toHaveLength(0);

    const [mail] = await activationMails(member.email!);
    expect(mail).toMatchObject({ subject: 'Activate your Ovation account', sensitive: true });
    const token = tokenFrom(mail!.bodyText);
    const [stored] = await ctx.app.db
      .select()
      .from(registrationTokens)
      .where(eq(registrationTokens.memberId, member.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(ACTIVATION_TOKEN_TTL_MS - 60_000);
  });

  it('tells an already registered member by e-mail instead of letting anyone reset them', async () => {
    const member = await createMember(ctx.app);
    await post('/api/auth/register', { employeeNumber: member.employeeNumber, email: member.email });
    const mails = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, member.email!));
    expect(mails.map((m) => m.kind)).toEqual(['registration-already-registered']);
    expect(mails[0]!.bodyText).not.toMatch(/token=/);
  });

  it('sends nothing when the pair does not match', async () => {
    const member = await createMember(ctx.app, { registered: false });
    await post('/api/auth/register', { employeeNumber: member.employeeNumber, email: 'attacker@evil.test' });
    expect(await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'attacker@evil.test'))).toEqual(
      [],
    );
    expect(await activationMails(member.email!)).toEqual([]);
  });
});

describe('POST /api/auth/register/activate', () => {
  async function requestActivation() {
    const member = await createMember(ctx.app, { registered: false });
    await post('/api/auth/register', { employeeNumber: member.employeeNumber, email: member.email });
    const [mail] = await activationMails(member.email!);
    return { member, token: tokenFrom(mail!.bodyText) };
  }

  it('sets the password with the link, once; the member can then sign in', async () => {
    const { member, token } = await requestActivation();
    const res = await post('/api/auth/register/activate', { token, password });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('You can sign in now');
    expect(await login(ctx, member.email!, password)).toEqual(expect.any(String));

    const again = await post('/api/auth/register/activate', { token, password: 'Other-password-22' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('invalid, already used or expired');
    expect(await login(ctx, member.email!, password)).toEqual(expect.any(String));
  });

  it('refuses a weak password with a field error and keeps the link usable', async () => {
    const { member, token } = await requestActivation();
    for (const weak of ['aaaaaaaaaa', 'Password123!', '1234567890', 'Ovation-demo-1']) {
      const res = await post('/api/auth/register/activate', { token, password: weak });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().errors.password[0], weak).toContain('too easy to guess');
    }
    expect((await post('/api/auth/register/activate', { token, password })).statusCode).toBe(200);
    expect(await login(ctx, member.email!, password)).toEqual(expect.any(String));
  });

  it('refuses an expired link', async () => {
    const { token } = await requestActivation();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ACTIVATION_TOKEN_TTL_MS + 1000 });
    expect((await post('/api/auth/register/activate', { token, password })).statusCode).toBe(400);
  });

  it('refuses a made-up token and a bad body', async () => {
    const madeUp = await post('/api/auth/register/activate', { token: 'x'.repeat(43), password });
    expect(madeUp.statusCode).toBe(400);
    const bad = await post('/api/auth/register/activate', { token: 'short', password: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['password', 'token']);
  });

  it('makes every other activation link of the member useless once one is used', async () => {
    const { member, token } = await requestActivation();
    await post('/api/auth/register', { employeeNumber: member.employeeNumber, email: member.email });
    const mails = await activationMails(member.email!);
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[1]!.bodyText);
    expect((await post('/api/auth/register/activate', { token: second, password })).statusCode).toBe(200);
    expect((await post('/api/auth/register/activate', { token, password: 'Other-password-22' })).statusCode).toBe(400);
  });
});
