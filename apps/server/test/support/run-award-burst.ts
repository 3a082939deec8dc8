// A server instance that sends a burst of award decisions and withdrawals, as members' browsers
// would, a few at a time; the kill -9 test (awards/awards-kill.pg.test.ts) kills it mid-burst.
// Usage: tsx test/support/run-award-burst.ts <databaseUrl> <burst.json>
// burst.json: [{ url, token, key, body }], each sent as a POST with its Idempotency-Key.
import { readFile } from 'node:fs/promises';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openDatabase } from '../../src/db/client.ts';

interface BurstRequest {
  url: string;
  token: string;
  key: string;
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
      method: 'POST',
      url: request.url,
      payload: request.body,
      headers: {
        authorization: `Bearer ${request.token}`,
        'idempotency-key': request.key,
        'x-xsrf-token': XSRF,
      },
      cookies: { 'XSRF-TOKEN': XSRF },
    });
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, worker));
await app.close();
