// A server instance that serves a burst of requests, a few at a time, as browsers or a directory
// would send them; the kill -9 tests (awards/awards-kill.pg.test.ts, scim/leavers-kill.pg.test.ts)
// kill it mid-burst.
// Usage: tsx test/support/run-request-burst.ts <databaseUrl> <burst.json>
// burst.json: [{ method?, url, token, key?, body }]: POST by default, with its Idempotency-Key if given.
import { readFile } from 'node:fs/promises';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase } from '../../src/db/client.ts';

interface BurstRequest {
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  token: string;
  key?: string;
  body: Record<string, unknown>;
}

const AT_ONCE = 8;
const XSRF = 'burst-xsrf-token-0123456789abcdef';
const [databaseUrl, burstFile] = process.argv.slice(2);
const burst = JSON.parse(await readFile(burstFile!, 'utf8')) as BurstRequest[];
const database = await openDatabase({ databaseUrl: databaseUrl!, pgliteDir: '', poolSize: AT_ONCE });
const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
const app = await buildApp({ config, database, closeDatabase: true, logger: false });
await app.ready();

let next = 0;
async function worker() {
  while (next < burst.length) {
    const request = burst[next++]!;
    await app.inject({
      method: request.method ?? 'POST',
      url: request.url,
      payload: request.body,
      headers: {
        authorization: `Bearer ${request.token}`,
        ...(request.key ? { 'idempotency-key': request.key } : {}),
        'x-xsrf-token': XSRF,
      },
      cookies: { 'XSRF-TOKEN': XSRF },
    });
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, worker));
await app.close();
