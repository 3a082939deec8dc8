// SCIM provisioning at a large firm's size on PostgreSQL (issue 42). Usage:
//   node bench/scim-load.mjs [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [users=50000] [connections=20] [seconds=10]
// Creates a fresh database, builds and starts the server on it (NODE_ENV=production, no demo seed)
// and an integration token with the scim scope, inserted directly. Sends as a directory would,
// with Accept-Encoding: gzip, deflate, br. Runs, in the same minutes:
//   baseline: GET /scim/v2/ServiceProviderConfig (the token lookup alone), for `seconds`;
//   initial load: `users` POST /Users (a joiner each: name, work address, cell number, country,
//     employee number, department, hire date), at `connections`;
//   lookups: GET /Users?filter=userName eq "…" for a random one of them, for `seconds`;
//   re-sync: the same `users` again as PUT /Users/{id}, nothing changed, at `connections`; then
//     how many member rows and provisioning-log rows it wrote (the rows whose xmin is newer than
//     the re-sync's start), which should be none.
// Prints for each, CPU first: CPU per request of the server process and of this database's
// PostgreSQL backends (from /proc), then requests per second and p50 / p99 latency; the load average.
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { createBenchDatabase, startBuiltServer } from './support/built-server.mjs';
import { backendCpu, builtServerPid, cpuMs } from './support/proc-cpu.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const autocannon = require('autocannon');
const pg = require('pg');

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const users = Number(process.argv[3] ?? 50_000);
const connections = Number(process.argv[4] ?? 20);
const seconds = Number(process.argv[5] ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3227);
const base = `http://127.0.0.1:${PORT}`;
const { dbName, dbUrl } = await createBenchDatabase(adminUrl, 'scim');
const env = {
  ...process.env,
  DATABASE_URL: dbUrl,
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'off',
  NODE_ENV: 'production',
};
const { stop } = await startBuiltServer({ base, env, logFile: '/tmp/scim-bench-server.log', startSeconds: 120 });

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const [admin] = (
  await db.query(`insert into members (employee_number, first_name, surname, email, cell_num, country, unit, is_admin_reports)
    values ('ADMIN1', 'Bench', 'Admin', 'admin@scim.example', '+27 82 555 0101', 'South Africa', 'AUD', true) returning id`)
).rows;
const secret = `ovn_${randomBytes(32).toString('base64url')}`;
await db.query(
  `insert into integration_tokens (name, scopes, token_hash, prefix, created_by) values ('Bench directory', '{scim}', $1, $2, $3)`,
  [createHash('sha256').update(secret).digest('hex'), secret.slice(0, 10), admin.id],
);

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const OVATION = 'urn:ietf:params:scim:schemas:extension:ovation:2.0:User';
const user = (i) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE, OVATION],
  externalId: `bench-${i}`,
  userName: `user${i}@scim.example`,
  active: true,
  name: { givenName: 'Bench', familyName: `User ${i}` },
  emails: [{ primary: true, type: 'work', value: `user${i}@scim.example` }],
  phoneNumbers: [{ type: 'mobile', value: '+27 82 555 0199' }],
  addresses: [{ type: 'work', country: 'ZA' }],
  [ENTERPRISE]: { employeeNumber: `S${i}`, department: `Department ${i % 50}` },
  [OVATION]: { unit: 'AUD', hireDate: '2020-02-01' },
});

const serverPid = builtServerPid();
const backends = () => backendCpu(db, dbName);
const reading = { 'accept-encoding': 'gzip, deflate, br', authorization: `Bearer ${secret}` };
const headers = { ...reading, 'content-type': 'application/scim+json' };

async function run(name, options) {
  const pgBefore = await backends();
  const serverBefore = cpuMs(serverPid);
  const result = await autocannon({ url: base, connections, ...options });
  const serverMs = cpuMs(serverPid) - serverBefore;
  let pgMs = 0;
  for (const [pid, after] of await backends()) pgMs += after - (pgBefore.get(pid) ?? 0);
  const n = result.requests.total;
  console.log(
    `${name}: CPU/request server ${(serverMs / n).toFixed(2)} ms + PostgreSQL ${(pgMs / n).toFixed(2)} ms; ` +
      `${n} requests, ${(n / (result.duration || 1)).toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; load ${loadavg()[0].toFixed(2)}`,
  );
  return result;
}

console.log(
  `load average at start: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${users} users, ${connections} connections`,
);
await run('baseline GET /scim/v2/ServiceProviderConfig', {
  duration: seconds,
  requests: [{ method: 'GET', path: '/scim/v2/ServiceProviderConfig', headers: reading }],
});

let posted = 0;
await run(`initial load: ${users} POST /Users`, {
  amount: users,
  requests: [
    {
      method: 'POST',
      path: '/scim/v2/Users',
      setupRequest: (req) => ({ ...req, headers, body: JSON.stringify(user(++posted)) }),
    },
  ],
});
const created = Number((await db.query(`select count(*) from members where employee_number like 'S%'`)).rows[0].count);
console.log(`members created: ${created} of ${users}`);
await db.query('analyze');

await run('lookups: GET /Users?filter=userName eq "…" (random user)', {
  duration: seconds,
  requests: [
    {
      method: 'GET',
      path: '/scim/v2/Users',
      setupRequest: (req) => ({
        ...req,
        headers: reading,
        path: `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "user${1 + Math.floor(Math.random() * users)}@scim.example"`)}`,
      }),
    },
  ],
});

const ids = new Map(
  (await db.query(`select employee_number as e, id from members where employee_number like 'S%'`)).rows.map((r) => [
    r.e,
    r.id,
  ]),
);
const [{ xid }] = (await db.query('select txid_current()::text as xid')).rows;
const logBefore = Number((await db.query('select count(*) from provisioning_log')).rows[0].count);
let put = 0;
await run(`re-sync: ${users} PUT /Users/{id}, nothing changed`, {
  amount: users,
  requests: [
    {
      method: 'PUT',
      path: '/scim/v2/Users',
      setupRequest: (req) => {
        const i = ++put;
        return { ...req, headers, path: `/scim/v2/Users/${ids.get(`S${i}`)}`, body: JSON.stringify(user(i)) };
      },
    },
  ],
});
const written = Number(
  (await db.query(`select count(*) from members where xmin::text::bigint > ($1::bigint % 4294967296)`, [xid])).rows[0]
    .count,
);
const logAfter = Number((await db.query('select count(*) from provisioning_log')).rows[0].count);
console.log(`re-sync wrote ${written} member rows and ${logAfter - logBefore} provisioning-log rows`);

await db.end();
stop();
if (process.env.BENCH_KEEP_DATABASE === '1') {
  console.log(`kept database ${dbName}`);
} else {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
}
