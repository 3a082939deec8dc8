// The send routes end to end under load on PostgreSQL (issue 4). The ledger's own throughput
// target is measured by bench/ledger-core.ts; this shows what a whole send costs. Usage:
//   node bench/ledger-transfers.mjs [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [seconds=20] [connections=50]
// Creates a fresh database, builds the server (apps/server/dist-bench) and starts it on that database
// (NODE_ENV=production, LOG_LEVEL=warn, no demo seed; BENCH_NODE_OPTIONS e.g. --cpu-prof), adds
// BENCH_MEMBERS funded South African members with sessions inserted directly (so argon2 is not
// measured) and raises the send limits through the programme settings (so rate limits and
// daily caps are not what is measured). Then:
//   A: random Pay It Forward transfers of 1 point between many members;
//   B: recognitions with 1 point, every one debiting the same manager's team budget;
// (after BENCH_HISTORY=200000 earlier transactions, as many kudos with their bells, stored answers
// and e-mails, and an ANALYZE: see below; BENCH_CPU_SPLIT=15 samples CPU per process group)
// and finally runs ledger:verify on the database. Every request carries its own Idempotency-Key.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createBenchDatabase, startBuiltServer, verifyLedgerAndDrop } from './support/built-server.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const autocannon = require('autocannon');
const pg = require('pg');

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.argv[3] ?? 20);
const connections = Number(process.argv[4] ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3222);
const base = `http://127.0.0.1:${PORT}`;
const { dbName, dbUrl } = await createBenchDatabase(adminUrl, 'ledger');

const env = {
  ...process.env,
  DATABASE_URL: dbUrl,
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'off',
  NODE_ENV: 'production',
};
const nodeOptions = (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
const { stop } = await startBuiltServer({
  base,
  env,
  logFile: process.env.BENCH_SERVER_LOG ?? '/tmp/ledger-bench-server.log',
  nodeOptions,
  startSeconds: 60,
});

// Population, straight into the database (ledger rows written consistently: ledger:verify checks them).
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const ids = (
  await db.query(
    `insert into members (employee_number, first_name, surname, email, cell_num, country, unit, is_manager)
     select 'B' || g, 'Bench', 'Member ' || g, 'bench' || g || '@bench.example', '+27 82 555 0101', 'South Africa', 'AUD', g = 1
     from generate_series(1, $1) g returning id`,
    [MEMBERS],
  )
).rows.map((r) => r.id);
const managerId = ids[0];
const team = ids.slice(1, 51);
await db.query(`update members set manager_id = $1 where id = any($2)`, [managerId, team]);
const tokens = ids.map(() => randomBytes(32).toString('base64url'));
await db.query(
  `insert into sessions (token_hash, member_id, expires_at) select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
  [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
);
await db.query(`insert into behaviours (name, description) values ('Client First', 'Bench')`);
const behaviourId = (await db.query(`select id from behaviours limit 1`)).rows[0].id;
for (const [key, value] of Object.entries({
  sendRateLimitPerMinute: 1e9,
  pairDailyLimit: 1e9,
  payItForwardDailyCap: 1e12,
})) {
  await db.query(
    `insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value`,
    [key, JSON.stringify(value)],
  );
}
await db.query(`insert into ledger_accounts (kind) values ('issuance') on conflict do nothing`);
await db.query(
  `insert into ledger_accounts (member_id, kind) select unnest($1::int[]), 'points' union all select $2::int, 'team_budget'`,
  [ids, managerId],
);
await db.query(`
  with t as (insert into ledger_transactions (kind, memo) values ('issuance', 'Bench funding') returning id),
  legs as (
    select id as account_id, case when kind = 'team_budget' then 100000000 else 100000 end as amount
    from ledger_accounts where member_id is not null),
  e1 as (insert into ledger_entries (transaction_id, account_id, amount) select t.id, account_id, amount from t, legs),
  e2 as (insert into ledger_entries (transaction_id, account_id, amount)
         select t.id, (select id from ledger_accounts where member_id is null and kind = 'issuance'), -(select sum(amount) from legs) from t)
  select 1`);
await db.query(`update ledger_accounts a set balance = s.total
  from (select account_id, sum(amount) total from ledger_entries group by account_id) s where a.id = s.account_id`);
// A firm has history: BENCH_HISTORY earlier Pay It Forward transactions (pairs that cancel out, so
// no balance changes), then ANALYZE, so PostgreSQL plans the sends' lookups (foreign-key checks,
// the report roll-up's joins) for tables of a firm's size, not for the empty tables of a new one.
const HISTORY = Number(process.env.BENCH_HISTORY ?? 200_000);
if (HISTORY > 0) {
  await db.query(
    `with accounts as (select array_agg(id order by id) ids from ledger_accounts where kind = 'points'),
     t as (insert into ledger_transactions (kind, memo, actor_member_id, created_at)
           select 'payitforward', 'Bench history', null, now() - (g || ' minutes')::interval
           from generate_series(1, $1::int) g returning id)
     insert into ledger_entries (transaction_id, account_id, amount, created_at)
     select t.id, x.account_id, x.amount, now()
     from t, accounts,
          lateral (values (accounts.ids[1 + (t.id / 2) % cardinality(accounts.ids)], case when t.id % 2 = 0 then -1 else 1 end),
                          (accounts.ids[1 + (t.id / 2 + 1) % cardinality(accounts.ids)], case when t.id % 2 = 0 then 1 else -1 end))
            x(account_id, amount)`,
    [HISTORY],
  );
  // …and what those sends left besides postings: their Kudos Thread items and bells, stored
  // answers and e-mails. Without them these tables start empty, ANALYZE calls them empty, and
  // (with autovacuum off, as on the CI machines) their lookups stay sequential scans as they grow
  // during the run: a kudos foreign-key check cost 0.8 ms of a send's 3 ms that way.
  await db.query(
    `with k as (
       insert into kudos (kind, from_member_id, to_member_id, message, points, created_at)
       select 'payitforward', m[1 + g % cardinality(m)], m[1 + (g * 7 + 1) % cardinality(m)], 'Bench history', 1,
              now() - (g || ' minutes')::interval
       from generate_series(1, $1::int) g, (select array_agg(id order by id) m from members) x
       returning id, to_member_id, from_member_id, created_at)
     insert into notifications (member_id, kind, actor_member_id, message_log_id, points, created_at, read_at)
     select to_member_id, 'points', from_member_id, id, 1, created_at, created_at from k`,
    [HISTORY],
  );
  await db.query(
    `insert into idempotency_keys (member_id, key, route, request_hash, response_status, response_body, created_at)
     select m[1 + g % cardinality(m)], md5(g::text), 'payitforward.send', md5('h' || g), 200, '{"messageLogIds":[1]}',
            now() - (g || ' minutes')::interval
     from generate_series(1, $1::int) g, (select array_agg(id order by id) m from members) x`,
    [HISTORY],
  );
  await db.query(
    `insert into email_outbox (kind, to_address, subject, body_text, created_at, sent_at)
     select 'points', 'bench' || g || '@bench.example', 'Bench history', 'Bench', now() - (g || ' minutes')::interval,
            now() - (g || ' minutes')::interval
     from generate_series(1, $1::int) g`,
    [HISTORY],
  );
  await db.query('select report_rollups_flush()');
  await db.query('analyze');
}
// BENCH_EXPERIMENT_SQL: SQL run on the prepared database before the server starts, to measure a
// change to the schema without a migration (docs/performance.md has the one tried).
if (process.env.BENCH_EXPERIMENT_SQL) await db.query(process.env.BENCH_EXPERIMENT_SQL);
await db.end();

const XSRF = 'bench-xsrf-token';
const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
const pick = (n) => Math.floor(Math.random() * n);

const scenarios = [
  {
    name: 'A: random Pay It Forward (1 point) between many members',
    path: '/api/payitforward/send',
    setup: () => {
      const from = pick(ids.length);
      let to = pick(ids.length);
      if (to === from) to = (to + 1) % ids.length;
      return { token: tokens[from], body: { toMemberId: ids[to], points: 1, message: 'Bench thanks' } };
    },
  },
  {
    name: 'B: recognitions with 1 point, all from one team budget',
    path: '/api/recognition/send',
    setup: () => ({
      token: tokens[0],
      body: { toMemberIds: [team[pick(team.length)]], behaviourId, message: 'Bench recognition', points: 1 },
    }),
  },
];

// BENCH_SCENARIOS=A (or B) runs only those scenarios. BENCH_CPU_SPLIT=15 samples each process
// group's CPU (bench/cpu-split.mjs) over 15 s of each scenario, starting 5 s in. BENCH_WARMUP=5
// runs each scenario that many seconds first, unmeasured, as a server that has been up a while
// (V8's compiled code, every pooled connection open with its statements prepared); 0 measures
// from a cold start, as this bench did before 2026-11-29 evening.
const only = process.env.BENCH_SCENARIOS?.split(',');
const cpuSplit = Number(process.env.BENCH_CPU_SPLIT ?? 0);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);
const load = (s, seconds) =>
  autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: s.path,
        setupRequest: (req) => {
          const { token, body } = s.setup();
          return {
            ...req,
            headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify(body),
          };
        },
      },
    ],
  });
const results = [];
for (const s of scenarios.filter((x) => !only || only.includes(x.name[0]))) {
  if (warmup > 0) await load(s, warmup);
  if (cpuSplit > 0) {
    setTimeout(() => {
      spawn('node', [new URL('cpu-split.mjs', import.meta.url).pathname, String(cpuSplit)], { stdio: 'inherit' });
    }, 5000);
  }
  const result = await load(s, duration);
  const line = `${s.name}: ${result.requests.average.toFixed(0)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}${warmup > 0 ? ` (after ${warmup} s unmeasured)` : ''}`;
  results.push(line);
  console.log(line);
}

// Let requests still in flight when autocannon stopped finish before the server goes.
await new Promise((r) => setTimeout(r, 2000));
stop();
await new Promise((r) => setTimeout(r, 1000));
process.exit(await verifyLedgerAndDrop(adminUrl, dbName, env));
