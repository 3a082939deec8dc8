// The approver's queue with 10,000 pending nominations on PostgreSQL (issue 41). Usage:
//   node bench/approvals-queue.mjs [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [seconds=10] [connections=20]
// Creates a fresh database, builds and starts the server on it (NODE_ENV=production, no demo seed),
// then adds 10,000 nominees, 100 approvers and one programme with 10,000 pending nominations: each
// waits at its first step for one of the 100 approvers (100 each) and for a senior approver who
// is at every step (all 10,000), with sessions inserted directly. Sends as a browser does
// (Accept-Encoding: gzip, deflate, br). Runs, each for `seconds` with `connections`:
//   baseline: GET /api/health with a token (the session lookup);
//   spread: GET /api/awards/approvals?limit=25 as a random one of the 100 approvers;
//   senior: the same as the senior approver, whose queue holds all 10,000.
// Prints for each, CPU first: CPU per request of the server process and of this database's
// PostgreSQL backends (from /proc), then requests per second and p50 / p99 latency; the load average.
// BENCH_KEEP_DATABASE=1 keeps the database (its name printed) for a closer look with psql.
import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { createBenchDatabase, startBuiltServer } from './support/built-server.mjs';
import { backendCpu, builtServerPid, cpuMs } from './support/proc-cpu.mjs';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const autocannon = require('autocannon');
const pg = require('pg');

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3226);
const base = `http://127.0.0.1:${PORT}`;
const { dbName, dbUrl } = await createBenchDatabase(adminUrl, 'approvals');
const env = {
  ...process.env,
  DATABASE_URL: dbUrl,
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'off',
  NODE_ENV: 'production',
};
const { stop } = await startBuiltServer({ base, env, logFile: '/tmp/approvals-bench-server.log', startSeconds: 120 });

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const member = (prefix, n) =>
  db
    .query(
      `insert into members (employee_number, first_name, surname, email, cell_num, country, unit)
       select '${prefix}' || g, 'Bench', '${prefix} ' || g, lower('${prefix}') || g || '@approvals.example', '+27 82 555 0101',
              'South Africa', 'AUD' from generate_series(1, $1::int) g returning id`,
      [n],
    )
    .then((r) => r.rows.map((x) => x.id));
const approvers = await member('Approver', 100);
const [senior] = await member('Senior', 1);
const [nominator] = await member('Nominator', 1);
const nominees = await member('Nominee', 10_000);
const [programme] = (
  await db.query(`insert into award_programmes (name, eligibility, levels, approval, opens_on, closes_on)
    values ('Bench Awards', '{"countries":[],"divisionIds":[],"units":[]}',
            '[{"key":"bronze","name":"Bronze","points":100}]',
            '{"manager":true,"managersManager":false,"namedApproverIds":[],"namedAbovePoints":null}',
            current_date - 30, current_date + 300) returning id`)
).rows;
await db.query(
  `insert into award_nominations (programme_id, nominator_id, nominee_id, level_key, points, reason, chain)
   select $1, $2, n.id, 'bronze', 100, 'Bench nomination: consistently excellent client work and mentoring.',
          jsonb_build_array(jsonb_build_array(($3::int[])[1 + (n.ord - 1) % 100], $4::int))
   from unnest($5::int[]) with ordinality as n(id, ord)`,
  [programme.id, nominator, approvers, senior, nominees],
);
const tokensFor = async (ids) => {
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (token_hash, member_id, expires_at) select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
  );
  return tokens;
};
const approverTokens = await tokensFor(approvers);
const [seniorToken] = await tokensFor([senior]);
await db.query('analyze');

const serverPid = builtServerPid();
const backends = () => backendCpu(db, dbName);
const headers = { 'accept-encoding': 'gzip, deflate, br' };
let next = 0;
const scenarios = [
  { name: 'baseline GET /api/health (session lookup)', path: '/api/health', token: () => approverTokens[next++ % 100] },
  {
    name: 'queue, first page, one of 100 approvers (100 each)',
    path: '/api/awards/approvals?limit=25',
    token: () => approverTokens[next++ % 100],
  },
  {
    name: 'queue, first page, the senior approver (all 10,000)',
    path: '/api/awards/approvals?limit=25',
    token: () => seniorToken,
  },
];
console.log(
  `load average at start: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${connections} connections, ${duration} s each`,
);
for (const s of scenarios) {
  const pgBefore = await backends();
  const serverBefore = cpuMs(serverPid);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        path: s.path,
        setupRequest: (req) => ({ ...req, headers: { ...headers, authorization: `Bearer ${s.token()}` } }),
      },
    ],
  });
  const serverMs = cpuMs(serverPid) - serverBefore;
  let pgMs = 0;
  for (const [pid, after] of await backends()) pgMs += after - (pgBefore.get(pid) ?? 0);
  const n = result.requests.total;
  console.log(
    `${s.name}: CPU/request server ${(serverMs / n).toFixed(2)} ms + PostgreSQL ${(pgMs / n).toFixed(2)} ms; ` +
      `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `non-2xx ${result.non2xx}; load ${loadavg()[0].toFixed(2)}`,
  );
}
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
