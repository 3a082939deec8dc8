// Rewards under load on PostgreSQL (issue 9). Usage:
//   node bench/rewards-load.mjs [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [seconds=20] [connections=50]
// Creates a fresh database, builds the server (apps/server/dist-bench) and starts it on that database with
// the demo seed (its 40-item catalogue; NODE_ENV=production, LOG_LEVEL=warn), then adds `connections` funded
// South African bench members with sessions inserted directly (argon2 is not measured). Then:
//   baseline: GET /api/health with a bearer token (the session lookup: one single-row query);
//   catalogue: GET /api/rewards/catalogue over categories, sorts, pages and "affordable";
//   checkouts: each of `connections` members in a loop puts a line in the basket (PUT) and checks out (POST,
//   its own Idempotency-Key) — an unlimited donation or a delivery item with stock; only the POST is timed;
// and finally runs ledger:verify on the database.
// BENCH_ACCEPT_ENCODING sends that Accept-Encoding header on the catalogue and baseline requests (a browser
// sends e.g. 'gzip, deflate, br, zstd'; unset, none is sent and answers come uncompressed);
// BENCH_NODE_OPTIONS is passed to the server's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof);
// BENCH_ONLY=catalogue skips the checkouts; BENCH_ONLY=checkout skips the baseline and the catalogue.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { URLSearchParams } from 'node:url';
import { createBenchDatabase, startBuiltServer, verifyLedgerAndDrop } from './support/built-server.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const autocannon = require('autocannon');
const pg = require('pg');

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.argv[3] ?? 20);
const connections = Number(process.argv[4] ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3224);
const base = `http://127.0.0.1:${PORT}`;
const { dbName, dbUrl } = await createBenchDatabase(adminUrl, 'rewards');

const env = {
  ...process.env,
  DATABASE_URL: dbUrl,
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'force',
  NODE_ENV: 'production',
};
const { stop } = await startBuiltServer({
  base,
  env,
  nodeOptions: (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
  logFile: process.env.BENCH_SERVER_LOG ?? '/tmp/rewards-bench-server.log',
  startSeconds: 120,
});

// Bench members, funded through one balanced issuance transaction (ledger:verify checks it).
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const ids = (
  await db.query(
    `insert into members (employee_number, first_name, surname, email, cell_num, country, unit)
     select 'RB' || g, 'Bench', 'Shopper ' || g, 'shopper' || g || '@bench.example', '+27 82 555 0101', 'South Africa', 'AUD'
     from generate_series(1, $1) g returning id`,
    [connections],
  )
).rows.map((r) => r.id);
const tokens = ids.map(() => randomBytes(32).toString('base64url'));
await db.query(
  `insert into sessions (token_hash, member_id, expires_at) select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
  [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
);
await db.query(`insert into ledger_accounts (member_id, kind) select unnest($1::int[]), 'points'`, [ids]);
await db.query(
  `with t as (insert into ledger_transactions (kind, memo) values ('issuance', 'Bench funding') returning id),
   legs as (select id as account_id, 100000000 as amount from ledger_accounts where member_id = any($1::int[]) and kind = 'points'),
   e1 as (insert into ledger_entries (transaction_id, account_id, amount) select t.id, account_id, amount from t, legs),
   e2 as (insert into ledger_entries (transaction_id, account_id, amount)
          select t.id, (select id from ledger_accounts where member_id is null and kind = 'issuance'), -(select sum(amount) from legs) from t)
   select 1`,
  [ids],
);
await db.query(`update ledger_accounts a set balance = s.total
  from (select account_id, sum(amount) total from ledger_entries group by account_id) s where a.id = s.account_id`);
// Checkout targets: the donations (unlimited) and a delivery item given plenty of stock.
const items = (
  await db.query(
    `update rewards set stock_left = case when fulfilment = 'delivery' then 1000000 else stock_left end, member_limit = null
     where fulfilment in ('donation', 'delivery') returning id`,
  )
).rows.map((r) => r.id);
await db.end();

const XSRF = 'bench-xsrf-token';
const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
const readHeaders = acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers;
const ADDRESS = {
  recipient: 'Bench Shopper',
  line1: '1 Main Road',
  city: 'Durban',
  postalCode: '4001',
  phone: '+27 82 555 0000',
};
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let next = 0;
const withToken = (req) => ({
  ...req,
  headers: { ...readHeaders, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
});
const CATEGORIES = ['', 'vouchers', 'electronics', 'experiences', 'home', 'charity'];
const SORTS = ['points', 'name', 'newest'];

const results = [];
for (const s of [
  { name: 'baseline GET /api/health (session lookup)', path: () => '/api/health' },
  {
    name: 'GET /api/rewards/catalogue (categories, sorts, pages, affordable)',
    path: () => {
      const q = new URLSearchParams();
      const category = pick(CATEGORIES);
      if (category) q.set('category', category);
      q.set('sort', pick(SORTS));
      if (!category) q.set('page', String(1 + Math.floor(Math.random() * 3)));
      if (Math.random() < 0.2) q.set('affordable', 'true');
      return `/api/rewards/catalogue?${q}`;
    },
  },
].filter(() => process.env.BENCH_ONLY !== 'checkout')) {
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (req) => withToken({ ...req, path: s.path() }) }],
  });
  const line = `${s.name}: ${result.requests.average.toFixed(0)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${(result.throughput.average / result.requests.average / 1024).toFixed(1)} KiB/answer, non-2xx ${result.non2xx}, errors ${result.errors}${acceptEncoding ? ` (Accept-Encoding: ${acceptEncoding})` : ''}, load ${loadAverage()}`;
  results.push(line);
  console.log(line);
}

if (process.env.BENCH_ONLY === 'catalogue') {
  stop();
  await new Promise((r) => setTimeout(r, 1000));
  process.exit(await verifyLedgerAndDrop(adminUrl, dbName, env));
}

// Checkouts: one loop per member (a member's basket is theirs), POST timed on its own.
const latencies = [];
const statuses = new Map();
const until = Date.now() + duration * 1000;
await Promise.all(
  tokens.map(async (token) => {
    const auth = { ...headers, authorization: `Bearer ${token}` };
    while (Date.now() < until) {
      const rewardId = pick(items);
      const put = await fetch(`${base}/api/rewards/basket/lines/${rewardId}`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ quantity: 1 }),
      });
      if (!put.ok) throw new Error(`basket: ${put.status} ${await put.text()}`);
      const started = performance.now();
      const res = await fetch(`${base}/api/rewards/checkout`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ address: ADDRESS }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }),
);
latencies.sort((a, b) => a - b);
const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))].toFixed(0);
const line = `POST /api/rewards/checkout (after a basket PUT; ${connections} members): ${(latencies.length / duration).toFixed(0)} checkouts/s, p50 ${q(50)} ms, p99 ${q(99)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, load ${loadAverage()}`;
console.log(line);

await new Promise((r) => setTimeout(r, 1000));
stop();
await new Promise((r) => setTimeout(r, 1000));
process.exit(await verifyLedgerAndDrop(adminUrl, dbName, env));
