import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, TEST_PASSWORD } from '../support/factories.ts';

/** The account-wide sign-in counter lives in PostgreSQL: two instances and parallel guesses share it. */
const ctx = setupApp();
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const XSRF = 'test-xsrf-token-0123456789abcdef';

function signIn(app: FastifyInstance, email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'x-xsrf-token': XSRF },
    cookies: { 'XSRF-TOKEN': XSRF },
  });
}

describe('account-wide sign-in throttle across instances (PostgreSQL)', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ config, database: ctx.app.database, closeDatabase: false, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });

  it('counts failures on both instances together, and e-mails once for 30 parallel guesses', async () => {
    const member = await createMember(ctx.app);
    const guesses = Array.from({ length: 30 }, (_, i) =>
      signIn(i % 2 === 0 ? ctx.app : other, member.email!, `wrong-${i}`, `10.50.0.${i + 1}`),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.statusCode);
    // Each guess is counted before its password is checked: exactly 10 are checked, 20 refused.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    for (const app of [ctx.app, other]) {
      expect((await signIn(app, member.email!, TEST_PASSWORD, '10.60.0.1')).statusCode).toBe(429);
    }
    const mails = await ctx.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, member.email!), eq(emailOutbox.kind, 'sign-in-throttled')));
    expect(mails).toHaveLength(1);
  });
});
