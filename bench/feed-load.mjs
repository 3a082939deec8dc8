// Autocannon scenarios for the Home screen against a running server (usually on the
// database made by feed-generate.mjs). Usage:
//   node bench/feed-load.mjs http://127.0.0.1:3990 [seconds=20] [connections=50]
// Baseline: GET /api/health with a bearer token — exactly one single-row query (the session
// lookup). The feed routes are compared against it in the same run.
import autocannon from 'autocannon';

const base = process.argv[2] ?? 'http://127.0.0.1:3990';
const duration = Number(process.argv[3] ?? 20);
const connections = Number(process.argv[4] ?? 50);
const REACTIONS_PER_SECOND = Number(process.env.BENCH_REACTIONS_PER_SECOND ?? 20);
const XSRF = 'bench-xsrf-token';
const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

async function login(i) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `bench${i}@bench.example`, password: 'Bench-password-1' }),
  });
  if (!res.ok) throw new Error(`login bench${i}: ${res.status} ${await res.text()}`);
  return (await res.json()).authToken;
}

const tokens = [];
for (let i = 1; i <= connections; i++) tokens.push(await login(i));
let next = 0;
const withToken = (req) => ({
  ...req,
  headers: { ...headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
});

const scenarios = [
  { name: 'baseline GET /api/health (session lookup)', method: 'GET', path: '/api/health' },
  {
    name: 'POST /api/shoutouts/ShoutOutList page 1-3',
    method: 'POST',
    path: '/api/shoutouts/ShoutOutList',
    page: true,
  },
  { name: 'POST /api/site/gethomedata', method: 'POST', path: '/api/site/gethomedata', body: '{}' },
  {
    name: `POST /api/shoutouts/ShoutOutList page 1-3 while members react ${REACTIONS_PER_SECOND}/s`,
    method: 'POST',
    path: '/api/shoutouts/ShoutOutList',
    page: true,
    reacting: true,
  },
];

// Reactions in the background (each clears the shared pages and flags on every instance), so
// the cached figures above can be weighed against a feed that is changing.
async function reactInBackground() {
  const res = await fetch(`${base}/api/shoutouts/ShoutOutList`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${tokens[0]}` },
    body: JSON.stringify({ page: 1 }),
  });
  const ids = (await res.json()).shoutOuts.rows.map((row) => row[0]);
  const liked = new Set();
  let n = 0;
  const timer = setInterval(() => {
    const token = tokens[n++ % tokens.length];
    const messageLogId = ids[n % ids.length];
    const key = `${token}:${messageLogId}`;
    const isRedactReact = liked.has(key);
    if (isRedactReact) liked.delete(key);
    else liked.add(key);
    fetch(`${base}/api/shoutouts/ShoutOutReact`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: JSON.stringify({ messageLogId, reactNum: 1, isRedactReact }),
    }).then((r) => r.ok || console.error(`reaction answered ${r.status}`));
  }, 1000 / REACTIONS_PER_SECOND);
  return () => clearInterval(timer);
}

const results = [];
for (const s of scenarios) {
  const stopReacting = s.reacting ? await reactInBackground() : () => {};
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: s.method,
        path: s.path,
        setupRequest: (req) => withToken({ ...req, body: s.page ? JSON.stringify({ page: 1 + (next % 3) }) : s.body }),
      },
    ],
  });
  stopReacting();
  const bad = result.non2xx + result.errors;
  results.push({ name: s.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad });
  console.log(
    `${s.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx/errors ${bad}`,
  );
}
const baseline = results[0].rps;
for (const r of results.slice(1))
  console.log(`${r.name}: ${((r.rps / baseline) * 100).toFixed(0)}% of baseline throughput`);
