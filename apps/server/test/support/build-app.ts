import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config/env.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  /** Injects with the XSRF cookie and header already set (and a bearer token when given). */
  request(options: InjectOptions & { token?: string; xsrf?: boolean }): Promise<LightMyRequestResponse>;
}

const XSRF = 'test-xsrf-token-0123456789abcdef';

/**
 * Builds the real app on a fresh database for the calling test file; `build.services` may
 * replace per-instance services (fault injection).
 */
export function setupApp(
  overrides: Partial<AppConfig> = {},
  build: Pick<BuildAppOptions, 'services' | 'loggerInstance'> = {},
): TestContext {
  const ctx = {} as TestContext;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const config = loadConfig(
      {},
      // The session cache is off unless a test turns it on (tests change members in SQL directly).
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', SESSION_CACHE_SECONDS: 0, ...overrides },
    );
    ctx.app = await buildApp({ config, database, closeDatabase: false, logger: false, ...build });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop?.();
  });
  ctx.request = injector(() => ctx.app);
  return ctx;
}

/** TestContext.request for an app (one made apart from setupApp, e.g. a second instance). */
export const injector =
  (app: () => FastifyInstance): TestContext['request'] =>
  ({ token, xsrf = true, headers, cookies, ...rest }) =>
    app().inject({
      ...rest,
      headers: {
        ...(xsrf ? { 'x-xsrf-token': XSRF } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      cookies: { ...(xsrf ? { 'XSRF-TOKEN': XSRF } : {}), ...cookies },
    });
