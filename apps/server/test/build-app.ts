import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config/env.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestContext {
  app: FastifyInstance;
  /** Injects with the XSRF cookie and header already set (and a bearer token when given). */
  request(options: InjectOptions & { token?: string; xsrf?: boolean }): Promise<LightMyRequestResponse>;
}

const XSRF = 'test-xsrf-token-0123456789abcdef';

/** Builds the real app on a fresh database for the calling test file. */
export function setupApp(overrides: Partial<AppConfig> = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const config = loadConfig(
      {},
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', ...overrides },
    );
    ctx.app = await buildApp({ config, database, closeDatabase: false, logger: false });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop?.();
  });
  ctx.request = ({ token, xsrf = true, headers, cookies, ...rest }) =>
    ctx.app.inject({
      ...rest,
      headers: {
        ...(xsrf ? { 'x-xsrf-token': XSRF } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      cookies: { ...(xsrf ? { 'XSRF-TOKEN': XSRF } : {}), ...cookies },
    });
  return ctx;
}
