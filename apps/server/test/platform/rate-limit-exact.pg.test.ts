import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { SharedRateLimits } from '../../src/core/limits/shared-rate-limiter.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';

/**
 * Issue 15 finding 6, "13 parallel guesses pass a limit of 10": shared limits are counted in
 * PostgreSQL, one upsert per attempt, so they are exact across instances and parallel requests.
 */
const ctx = setupApp();
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const XSRF = 'test-xsrf-token-0123456789abcdef';
let secondDatabase: Database;
let other: FastifyInstance;

beforeAll(async () => {
  const url = ctx.app.database.pool!.options.connectionString!;
  secondDatabase = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 12 });
  other = await buildApp({ config, database: secondDatabase, closeDatabase: true, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
});

/** Two instances' limits, each on its own connection pool to the one database. */
function twoInstances(name: string, limit: number) {
  return [ctx.app.database.db, secondDatabase.db].map((db) => {
    const limits = new SharedRateLimits();
    limits.useDatabase(db);
    return limits.limiter(name, limit, 60_000);
  });
}

describe('shared rate limits are exact across instances (PostgreSQL)', () => {
  for (const attempts of [13, 50]) {
    it(`${attempts} parallel attempts against a limit of 10 on two instances: exactly 10 pass`, async () => {
      const [a, b] = twoInstances(`test:${attempts}`, 10);
      const results = await Promise.all(
        Array.from({ length: attempts }, (_, i) => (i % 2 === 0 ? a! : b!).take('10.9.8.7')),
      );
      expect(results.filter(Boolean)).toHaveLength(10);
      // Both instances now refuse, from memory or from the database.
      expect(await a!.take('10.9.8.7')).toBe(false);
      expect(await b!.take('10.9.8.7')).toBe(false);
      expect(await a!.take('10.9.8.8')).toBe(true);
    });
  }

  it('an attempt given back (a sign-in that succeeded) frees its place', async () => {
    const [a, b] = twoInstances('test:give-back', 2);
    expect(await a!.take('k')).toBe(true);
    expect(await b!.take('k')).toBe(true);
    await a!.giveBack('k');
    expect(await b!.take('k')).toBe(true);
    expect(await a!.take('k')).toBe(false);
  });

  it('starts a new window once the old one ended', async () => {
    const [a] = twoInstances('test:window', 1);
    expect(await a!.take('w')).toBe(true);
    expect(await a!.take('w')).toBe(false);
    await ctx.app.db.execute(sql`update rate_limit_counts set reset_at = now() - interval '1 second'`);
    const [fresh] = twoInstances('test:window', 1);
    expect(await fresh!.take('w')).toBe(true);
  });

  it('61 parallel wrong passwords from one IP over two app instances: exactly 50 checked, the rest 429', async () => {
    // Different accounts, so the account-wide throttle (10 per account) does not decide.
    const targets = await Promise.all(Array.from({ length: 61 }, () => createMember(ctx.app, { registered: false })));
    const responses = await Promise.all(
      targets.map((member, i) =>
        (i % 2 === 0 ? ctx.app : other).inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: member.email, password: 'Wrong-password-1' },
          remoteAddress: '10.77.0.1',
          headers: { 'x-xsrf-token': XSRF },
          cookies: { 'XSRF-TOKEN': XSRF },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
  });

  it('keeps its counts out of the write-ahead log (an unlogged table, decision 0054)', async () => {
    const { rows } = (await ctx.app.db.execute(
      sql`select relpersistence from pg_class where relname = 'rate_limit_counts'`,
    )) as unknown as { rows: { relpersistence: string }[] };
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});
