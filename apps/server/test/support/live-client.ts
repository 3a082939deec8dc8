import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { setupApp, type TestContext } from './build-app.ts';

export interface TestStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  text(): string;
  /** Resolves once the received text contains `needle` (rejects after `ms`). */
  waitFor(needle: string, ms?: number): Promise<void>;
  ended: Promise<void>;
  close(): void;
}

/** Opens GET {url} on a listening app and collects the event-stream text. */
export function openStream(port: number, path: string): Promise<TestStream> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path }, (res) => {
      let received = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (received += chunk));
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text: () => received,
        ended,
        close: () => req.destroy(),
        waitFor(needle, ms = 3000) {
          const started = Date.now();
          return new Promise((ok, fail) => {
            const check = () => {
              if (received.includes(needle)) return ok();
              if (Date.now() - started > ms) return fail(new Error(`no "${needle}" in: ${received}`));
              setTimeout(check, 10);
            };
            check();
          });
        },
      });
    });
    req.on('error', reject);
  });
}

/** The port a listening app took. */
export const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

/** Listens on a free local port (live streams need a real socket) and answers the port. */
export async function listenForStreams(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return portOf(app);
}

/** A live-stream ticket for the member signed in with `token` (POST /api/live/ticket). */
export const liveTicket = async (ctx: Pick<TestContext, 'request'>, token: string) =>
  (await ctx.request({ method: 'POST', url: '/api/live/ticket', token })).json().ticket as string;

/** The app for a live-stream test file (the feed cache off, so kudos show at once) and its members' tickets. */
export function setupLiveApp() {
  const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
  return { ctx, ticketFor: (token: string) => liveTicket(ctx, token) };
}
