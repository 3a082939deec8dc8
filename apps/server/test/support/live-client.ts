import http from 'node:http';

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
