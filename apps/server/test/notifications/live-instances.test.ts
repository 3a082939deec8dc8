import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { issueLiveTicket } from '../../src/core/live/live-tickets.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { memberWithToken } from '../support/factories.ts';
import { openStream, portOf, setupLiveApp } from '../support/live-client.ts';

/** Live streams on other app instances of the same database (as behind a load balancer), and their shutdown. */
const { ctx, ticketFor } = setupLiveApp();
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
/** A second app instance on the same database (as behind a load balancer). */
const secondApp = () => buildApp({ config, database: ctx.app.database, closeDatabase: false, logger: false });

describe('GET /api/live/stream', () => {
  it('ends open streams when the app closes (graceful shutdown)', async () => {
    const { token } = await memberWithToken(ctx);
    // Without LIVE_SECRET every instance on the database signs with the key kept there, so a
    // ticket from one opens a stream on another (behind a load balancer)…
    const sibling = await secondApp();
    await sibling.listen({ port: 0, host: '127.0.0.1' });
    const accepted = await openStream(portOf(sibling), `/api/live/stream?ticket=${await ticketFor(token)}`);
    expect(accepted.status).toBe(200);
    await accepted.waitFor(': connected');
    await sibling.close();
    await accepted.ended;
    // …and an instance given its own LIVE_SECRET refuses it.
    const other = await buildApp({
      config: { ...config, LIVE_SECRET: 'another-secret' },
      database: ctx.app.database,
      closeDatabase: false,
      logger: false,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(portOf(other), `/api/live/stream?ticket=${await ticketFor(token)}`);
    expect(stream.status).toBe(401);
    await stream.ended;
    // …and one signed with the same secret is accepted.
    const shared = buildApp({
      config: { ...config, LIVE_SECRET: 'shared-secret' },
      database: ctx.app.database,
      closeDatabase: false,
      logger: false,
    });
    await other.close();
    const app = await shared;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { member: holder, token: holderToken } = await memberWithToken(ctx);
    const [session] = await ctx.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(holderToken)));
    const ticket = issueLiveTicket(Buffer.from('shared-secret'), { memberId: holder.id, sessionId: session!.id });
    const open = await openStream(portOf(app), `/api/live/stream?ticket=${ticket}`);
    expect(open.status).toBe(200);
    await open.waitFor(': connected');
    expect(app.liveStreams.size).toBe(1);
    const started = Date.now();
    await app.close();
    await open.ended;
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
