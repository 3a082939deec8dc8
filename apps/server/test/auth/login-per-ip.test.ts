import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, TEST_PASSWORD } from '../support/factories.ts';

/**
 * The per-IP sign-in limit (50 failures in 15 minutes, decision 0003) holds for parallel
 * guesses too: each attempt takes its place before the password is checked.
 */
const ctx = setupApp();

const signIn = (email: string, password: string, ip: string) =>
  ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('per-IP sign-in limit', () => {
  it('55 parallel wrong passwords from one IP: exactly 50 are checked', async () => {
    const targets = await Promise.all(Array.from({ length: 55 }, () => createMember(ctx.app, { registered: false })));
    const statuses = (await Promise.all(targets.map((m) => signIn(m.email!, 'Wrong-password-1', '10.88.0.1')))).map(
      (r) => r.statusCode,
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('successful sign-ins do not count against it', async () => {
    const member = await createMember(ctx.app);
    for (let i = 0; i < 52; i++) expect((await signIn(member.email!, TEST_PASSWORD, '10.88.0.2')).statusCode).toBe(200);
  }, 120_000);
});
