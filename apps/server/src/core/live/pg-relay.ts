import type { FastifyBaseLogger } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import type { LiveBus, LiveRelay } from './live-bus.ts';
import { LIVE_CHANNEL } from './instance-notices.ts';

const RECONNECT_MS = 2000;
/**
 * How long events wait to go out together. Under load a send's events (its kudos, its
 * recipients' bells) would otherwise be one NOTIFY statement per turn of the event loop — about
 * one for every two sends, each its own round trip and transaction, and a wake-up of every
 * instance's listener. 10 ms is nothing to a person watching the feed; at 1,000 sends a second it
 * gathers some ten sends per statement.
 */
const FLUSH_MS = 10;

/**
 * LISTEN/NOTIFY fan-out between app instances on one PostgreSQL database. One pooled client
 * is held for LISTEN (reconnected after a failure); NOTIFY goes through the pool. Events sent
 * within FLUSH_MS of each other (a send's kudos and notification events, and under load other
 * sends' too) go out in ONE statement, in order, instead of one round trip each.
 */
export async function startPgRelay(pool: Pool, bus: LiveBus, log: FastifyBaseLogger): Promise<LiveRelay> {
  let client: PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  /** The listener was down: notices sent meanwhile (session revocations…) never reached it. */
  let missed = false;

  const onNotification = (msg: { channel: string; payload?: string }) => {
    if (msg.channel === LIVE_CHANNEL && msg.payload) bus.receive(msg.payload);
  };

  const drop = (err?: unknown) => {
    const current = client;
    client = null;
    if (current) {
      current.removeListener('notification', onNotification);
      current.release(err instanceof Error ? err : true);
    }
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    try {
      const c = await pool.connect();
      if (closed) return c.release(true);
      c.on('notification', onNotification);
      c.on('error', (err) => {
        log.warn({ err }, 'live listener lost its connection; reconnecting');
        missed = true;
        drop(err);
        if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
      });
      client = c;
      await c.query(`listen ${LIVE_CHANNEL}`);
      if (missed) {
        missed = false;
        log.info('live listener back: what this instance keeps from notices is dropped');
        bus.noticesMissed();
      }
    } catch (err) {
      log.warn({ err }, 'live listener could not connect; retrying');
      missed = true;
      drop(err);
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  await connect();

  let pending: string[] = [];
  const flush = () => {
    const messages = pending;
    pending = [];
    if (closed || messages.length === 0) return;
    pool
      .query('select pg_notify($1, m) from unnest($2::text[]) with ordinality u(m, i) order by i', [
        LIVE_CHANNEL,
        messages,
      ])
      .catch((err: unknown) => {
        log.warn({ err, events: messages.length }, 'live events not relayed to other instances');
      });
  };

  return {
    send(message) {
      if (closed) return;
      pending.push(message);
      if (pending.length === 1) setTimeout(flush, FLUSH_MS).unref();
    },
    async close() {
      flush(); // what is waiting still goes out
      closed = true;
      if (retry) clearTimeout(retry);
      drop();
    },
  };
}
