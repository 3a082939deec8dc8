import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveBus, type LiveRelay } from '../core/live/live-bus.ts';
import { LiveStreams } from '../core/live/live-streams.ts';
import { LIVE_CHANNEL } from '../core/live/instance-notices.ts';
import { startPgRelay } from '../core/live/pg-relay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publish live events here (e.g. `app.liveBus.publishKudosCreated(id)` after commit). */
    liveBus: LiveBus;
    liveStreams: LiveStreams;
  }
}

/**
 * The live event bus of this instance. On PostgreSQL it is joined to the other instances
 * through LISTEN/NOTIFY; PGlite is one process, so in-process delivery is all there is, plus
 * the notices the database itself sends (the catalogue's, decision 0047; session changes).
 */
export const livePlugin = fp(async (app: FastifyInstance) => {
  const bus = new LiveBus();
  const streams = new LiveStreams(bus);
  let relay: LiveRelay | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  if (app.database.driver === 'pg' && app.database.pool) {
    relay = await startPgRelay(app.database.pool, bus, app.log);
    bus.setRelay(relay);
  } else if (app.database.listen) {
    unlisten = await app.database.listen(LIVE_CHANNEL, (payload) => bus.receive(payload));
  }
  app.decorate('liveBus', bus);
  app.decorate('liveStreams', streams);
  // preClose runs before the server stops accepting: end the streams so close() does not wait on them.
  app.addHook('preClose', async () => {
    streams.closeAll();
    bus.setRelay(null);
    await relay?.close();
    await unlisten?.();
  });
});
