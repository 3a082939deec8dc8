import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import type { LiveEvent } from '../../src/core/live/live-bus.ts';
import { setupApp } from '../support/build-app.ts';

/** Runs in the PostgreSQL project only (*.pg.test.ts): PGlite has no LISTEN/NOTIFY between processes. */
const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const secondApp = () => buildApp({ config, database: ctx.app.database, closeDatabase: false, logger: false });

describe('LISTEN/NOTIFY fan-out (PostgreSQL)', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await secondApp();
  });
  afterAll(async () => {
    await other?.close();
  });

  it('delivers an event published by one instance to the other, once to each', async () => {
    const atOther: LiveEvent[] = [];
    const atHome: LiveEvent[] = [];
    const stopOther = other.liveBus.subscribe((e) => atOther.push(e));
    const stopHome = ctx.app.liveBus.subscribe((e) => atHome.push(e));
    ctx.app.liveBus.publishKudosCreated(777);
    const deadline = Date.now() + 3000;
    while (atOther.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 200));
    stopOther();
    stopHome();
    expect(atOther).toEqual([{ type: 'kudos', data: { messageLogId: 777 } }]);
    expect(atHome).toEqual([{ type: 'kudos', data: { messageLogId: 777 } }]);
  });
});
