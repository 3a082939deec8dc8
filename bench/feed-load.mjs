// Autocannon scenarios for the Kudos Thread and Home against a running server. Usage:
//   BENCH_DATABASE_URL=postgres://…/ovation_bench node bench/feed-load.mjs http://127.0.0.1:3990 [seconds=15] [connections=50]
//   BENCH_LOGIN=member.za@example.com:Ovation-demo-1 node bench/feed-load.mjs http://127.0.0.1:3991 10 50   (PGlite)
// Members: with BENCH_DATABASE_URL (the firm from feed-generate.mjs) a session is inserted for
// each of BENCH_SESSIONS members (default 50,000, hashed as the app hashes tokens), then the
// database is analysed, so the session lookup is planned with a realistic sessions table (and
// last week's digest is marked as handled, so the digest job does not run during the bench);
// without it, BENCH_LOGIN (e-mail:password) signs in `connections` times. Each request takes a
// random member's token and a random page 1–BENCH_PAGES (default 50).
// Baseline: GET /api/health with a bearer token (the auth hook's session lookup and nothing else),
// measured after a warm-up, first and again last. BENCH_ANONYMOUS=1 adds GET /api/health unsigned.
// The reacting scenarios run BENCH_REACTIONS_PER_SECOND (default 20) likes/unlikes in the
// background on items of the pages read.
import { createHash, randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const base = process.argv[2] ?? 'http://127.0.0.1:3990';
const duration = Number(process.argv[3] ?? 15);
const connections = Number(process.argv[4] ?? 50);
const REACTIONS_PER_SECOND = Number(process.env.BENCH_REACTIONS_PER_SECOND ?? 20);
const PAGES = Number(process.env.BENCH_PAGES ?? 50);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 50_000);
const ONLY = process.env.BENCH_ONLY?.split(',');
const XSRF = 'bench-xsrf-token';
const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

async function login(email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()).authToken;
}

/** Sessions for members 1…SESSIONS inserted directly (logging 50,000 members in would take hours of argon2). */
async function insertSessions(url) {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query('select id from members where active order by id limit $1', [SESSIONS]);
  const made = rows.map((r) => ({ memberId: r.id, token: randomBytes(32).toString('base64url') }));
  for (let i = 0; i < made.length; i += 5000) {
    const part = made.slice(i, i + 5000);
    // Last used at some moment of the past minute, as members who came at different times: their
    // uses are recorded (once a minute each, decision 0040) evenly through the run, as in steady
    // use. With one shared moment they all fell due together a minute in, and that write wave
    // landed on whichever scenario ran then (the reacting ones), not on the others.
    await db.query(
      `insert into sessions (member_id, token_hash, expires_at, last_used_at)
       select m, h, now() + interval '1 day', now() - random() * interval '60 seconds'
       from unnest($1::int[], $2::text[]) as t(m, h)`,
      [part.map((s) => s.memberId), part.map((s) => createHash('sha256').update(s.token).digest('hex'))],
    );
  }
  // The weekly digest (a server job a minute after start) would e-mail every member of the firm
  // in the middle of the run on the first start of a week: last week's is marked as handled, so
  // the figures are the feed's.
  await db.query(
    `insert into digest_runs (member_id, week_start, queued)
     select id, (date_trunc('week', now() at time zone 'utc') - interval '7 days')::date, false from members
     on conflict do nothing`,
  );
  const started = Date.now();
  await db.query('analyze');
  const { rows: count } = await db.query('select count(*)::int as n from sessions');
  console.log(`${made.length} sessions inserted (${count[0].n} in all), analyzed in ${Date.now() - started} ms`);
  await db.end();
  return made.map((s) => s.token);
}

let tokens;
if (process.env.BENCH_DATABASE_URL) tokens = await insertSessions(process.env.BENCH_DATABASE_URL);
else {
  const [email, password] = (process.env.BENCH_LOGIN ?? 'bench1@bench.example:Bench-password-1').split(':');
  tokens = [];
  for (let i = 0; i < connections; i++) tokens.push(await login(email, password));
}
const randomToken = () => tokens[Math.floor(Math.random() * tokens.length)];
const randomPage = () => 1 + Math.floor(Math.random() * PAGES);
const signed = (req, body) => ({
  ...req,
  body,
  headers: { ...headers, authorization: `Bearer ${randomToken()}` },
});

const baseline = { name: 'baseline', label: 'GET /api/health with a bearer token', method: 'GET', path: '/api/health' };
const list = {
  name: 'list',
  label: `ShoutOutList, pages 1–${PAGES}`,
  method: 'POST',
  path: '/api/shoutouts/ShoutOutList',
};
const home = { name: 'home', label: 'gethomedata', method: 'POST', path: '/api/site/gethomedata', body: '{}' };
const scenarios = [
  ...(process.env.BENCH_ANONYMOUS
    ? [{ ...baseline, name: 'anonymous', label: 'GET /api/health, no token', anonymous: true }]
    : []),
  { ...baseline, name: 'baseline-before' },
  list,
  home,
  { ...list, name: 'list-reacting', label: `${list.label}, ${REACTIONS_PER_SECOND} reactions/s`, reacting: true },
  { ...home, name: 'home-reacting', label: `${home.label}, ${REACTIONS_PER_SECOND} reactions/s`, reacting: true },
  { ...baseline, name: 'baseline-after' },
].filter((s) => !ONLY || ONLY.includes(s.name) || s.name.startsWith('baseline'));

// Items of the pages the readers read (and Home's five): each reaction updates one cached item.
async function reactInBackground() {
  const ids = [];
  for (let page = 1; page <= PAGES; page++) {
    const res = await fetch(`${base}/api/shoutouts/ShoutOutList`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({ page }),
    });
    for (const row of (await res.json()).shoutOuts.rows) ids.push(row[0]);
  }
  const liked = new Set();
  let failures = 0;
  let sent = 0;
  const timer = setInterval(() => {
    const token = randomToken();
    // Half the reactions on the newest page (Home's items), half anywhere in the pages read.
    const messageLogId =
      sent++ % 2 === 0 ? ids[Math.floor(Math.random() * 5)] : ids[Math.floor(Math.random() * ids.length)];
    const key = `${token}:${messageLogId}`;
    const isRedactReact = liked.has(key);
    if (isRedactReact) liked.delete(key);
    else liked.add(key);
    fetch(`${base}/api/shoutouts/ShoutOutReact`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ messageLogId, reactNum: 1 + (sent % 3), isRedactReact }),
    }).then(
      (r) => r.ok || failures++,
      () => failures++,
    );
  }, 1000 / REACTIONS_PER_SECOND);
  return () => {
    clearInterval(timer);
    return { sent, failures };
  };
}

function run(s, seconds) {
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: s.method,
        path: s.path,
        setupRequest: (req) =>
          s.anonymous
            ? { ...req, headers }
            : signed(req, s.path.endsWith('ShoutOutList') ? JSON.stringify({ page: randomPage() }) : s.body),
      },
    ],
  });
}

// Warm-up: the server's JIT, the pool's connections and prepared statements, the caches.
for (const s of [baseline, list, home]) await run(s, Math.min(5, duration));

const results = [];
for (const s of scenarios) {
  const stopReacting = s.reacting ? await reactInBackground() : null;
  const result = await run(s, duration);
  const reactions = stopReacting?.();
  const bad = result.non2xx + result.errors;
  const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  results.push({ ...s, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad });
  console.log(
    `${s.label}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `non-2xx/errors ${bad}${reactions ? `, reactions ${reactions.sent} (${reactions.failures} failed)` : ''}; load ${load}`,
  );
}
const before = results.find((r) => r.name === 'baseline-before').rps;
const after = results.find((r) => r.name === 'baseline-after').rps;
const mean = (before + after) / 2;
console.log(`baseline before ${before.toFixed(0)}, after ${after.toFixed(0)} req/s; their mean ${mean.toFixed(0)}`);
for (const r of results.filter((r) => !r.name.startsWith('baseline')))
  console.log(`${r.label}: ${((r.rps / mean) * 100).toFixed(0)} % of the mean baseline, p99 ${r.p99} ms`);
