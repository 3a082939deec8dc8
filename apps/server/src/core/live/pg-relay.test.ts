import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { LiveBus } from './live-bus.ts';
import { startPgRelay } from './pg-relay.ts';

/**
 * A pool that records the NOTIFY statements the relay sends, and a listener that hears nothing;
 * `failListener` fails the listening connection as a terminated backend would.
 */
function recordingPool() {
  const sent: string[][] = [];
  let onError: ((err: Error) => void) | undefined;
  const client = {
    on: (event: string, handler: (err: Error) => void) => {
      if (event === 'error') onError = handler;
      return client;
    },
    removeListener: () => client,
    query: async () => ({}),
    release: () => {},
  };
  const pool = {
    connect: async () => client,
    query: async (_text: string, values: [string, string[]]) => {
      sent.push(values[1]);
      return {};
    },
  };
  const failListener = () => onError!(new Error('terminating connection due to administrator command'));
  return { pool: pool as unknown as Pool, sent, failListener };
}

const log = { warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PostgreSQL relay of live events', () => {
  it('sends the events of the next few milliseconds in one statement, in order', async () => {
    const { pool, sent } = recordingPool();
    const relay = await startPgRelay(pool, new LiveBus(), log);
    relay.send('a');
    relay.send('b');
    await pause(2);
    relay.send('c');
    await pause(40);
    expect(sent).toEqual([['a', 'b', 'c']]);
    relay.send('d');
    await pause(40);
    expect(sent).toEqual([['a', 'b', 'c'], ['d']]);
    await relay.close();
  });

  it('sends what is waiting when it closes, and nothing after', async () => {
    const { pool, sent } = recordingPool();
    const relay = await startPgRelay(pool, new LiveBus(), log);
    relay.send('last');
    await relay.close();
    expect(sent).toEqual([['last']]);
    relay.send('too late');
    await pause(40);
    expect(sent).toEqual([['last']]);
  });

  it('tells this instance that notices may have been missed once its listener is back', async () => {
    vi.useFakeTimers();
    const { pool, failListener } = recordingPool();
    const bus = new LiveBus();
    const heard: string[] = [];
    bus.subscribeNotices((notice) => heard.push(notice.type));
    const relay = await startPgRelay(pool, bus, log);
    expect(heard).toEqual([]);
    failListener();
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(heard).toEqual(['missed']);
    await relay.close();
  });
});
