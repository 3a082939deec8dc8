import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { loadConfig } from '../../src/config/env.ts';
import { injector, setupApp, type TestContext } from './build-app.ts';

const SHARED = { SESSION_CACHE_SECONDS: 60, FEED_CACHE_SECONDS: 60, LIVE_SECRET: 'instances-test-secret' };

/**
 * Issue 15, "Several instances": two app instances, `a` and `b`, each with its own connection
 * pool, on one PostgreSQL database (PostgreSQL only: PGlite is one process). Both keep sessions in
 * their session caches (SESSION_CACHE_SECONDS 60) and feed pages in their caches, as in production.
 */
export function setupTwoInstances() {
  const a = setupApp(SHARED);
  const b = {} as TestContext;
  let secondDatabase: Database;

  beforeAll(async () => {
    const url = a.app.database.pool!.options.connectionString!;
    secondDatabase = await openDatabase({ databaseUrl: url, pgliteDir: '', poolSize: 12 });
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...SHARED });
    b.app = await buildApp({ config, database: secondDatabase, closeDatabase: true, logger: false });
    await b.app.ready();
    b.request = injector(() => b.app);
  });

  afterAll(async () => {
    await b.app?.close();
  });
  return { a, b };
}

/** Listens on a free port unless already listening (tests share the two instances). */
export async function listening(app: FastifyInstance) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
}
