// Reports under load against a running server on the reports bench database
// (reports-generate.mjs). Usage:
//   node bench/reports-load.mjs http://127.0.0.1:3991 [seconds=15] [connections=10] [serverPid]
// 1. first page of /reportsimplysay and /reporttransactions at `connections` (autocannon, p99);
// 2. the whole /reportsimplysay as CSV (rows/s; the server's RSS sampled from /proc when its pid is given);
// 3. the dashboard for a year (5 runs, one at a time).
// Each line ends with the machine's 1-minute load average when it finished (the machine is shared).
// BENCH_ACCEPT_ENCODING sets the export's Accept-Encoding (default: fetch's own, gzip and deflate;
// `identity` measures the CSV without compression).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';

const base = process.argv[2] ?? 'http://127.0.0.1:3991';
const duration = Number(process.argv[3] ?? 15);
const connections = Number(process.argv[4] ?? 10);
const serverPid = process.argv[5];
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
// bench1…bench10 are report administrators.
const tokens = [];
for (let i = 1; i <= Math.min(connections, 10); i++) tokens.push(await login(i));
let next = 0;
const load = () => `load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`;
const auth = () => ({ ...headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` });

async function firstPage(reportKey) {
  // BENCH_WARM=1 asks once before measuring, so the first count of the filter set (shared by
  // the requests that arrive while it runs) is not in the figures.
  if (process.env.BENCH_WARM) {
    const res = await fetch(`${base}/api/reports/${reportKey}/query`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ page: 1, pageSize: 25 }),
    });
    if (!res.ok) throw new Error(`warm-up ${reportKey}: ${res.status}`);
  }
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: `/api/reports/${reportKey}/query`,
        setupRequest: (req) => ({ ...req, headers: auth(), body: JSON.stringify({ page: 1, pageSize: 25 }) }),
      },
    ],
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${reportKey} first page, ${connections} connections: ${result.requests.average.toFixed(0)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms${bad ? `, ${bad} failed` : ''}; ${load()}`,
  );
}

function rssMb() {
  if (!serverPid) return null;
  const status = readFileSync(`/proc/${serverPid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * With BENCH_DATABASE_URL (and the database on this machine), finds the PostgreSQL backend that
 * runs the export's cursor and reports the CPU it used: rows per CPU-second of the database and
 * of the server do not depend on how busy the shared machine is, rows per wall second do.
 */
async function watchExportBackend() {
  if (!process.env.BENCH_DATABASE_URL) return null;
  const db = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await db.connect();
  let found = null;
  for (let i = 0; i < 100 && !found; i++) {
    const { rows } = await db.query(
      `select pid from pg_stat_activity where query like 'fetch forward % from report_export' or query like 'declare report_export%' limit 1`,
    );
    if (rows[0]) found = { pid: rows[0].pid, cpu: cpuSeconds(rows[0].pid) };
    else await new Promise((r) => setTimeout(r, 20));
  }
  await db.end();
  return found;
}

async function exportCsv(reportKey) {
  const before = rssMb();
  const serverCpu = serverPid ? cpuSeconds(serverPid) : null;
  let peak = before ?? 0;
  const sampler = serverPid ? setInterval(() => (peak = Math.max(peak, rssMb())), 100) : null;
  const started = performance.now();
  const encoding = process.env.BENCH_ACCEPT_ENCODING;
  const res = await fetch(`${base}/api/reports/${reportKey}/export?format=csv`, {
    headers: { ...auth(), ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
  if (!res.ok) throw new Error(`export: ${res.status}`);
  const backend = await watchExportBackend();
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  const rows = lines - 1;
  const perCpu = (start, pid) => `${Math.round(rows / (cpuSeconds(pid) - start))} rows/CPU-s`;
  const cpu = [
    serverCpu !== null ? `server ${perCpu(serverCpu, serverPid)}` : null,
    backend ? `database backend ${perCpu(backend.cpu, backend.pid)}` : null,
  ].filter(Boolean);
  console.log(
    `${reportKey} CSV export (${res.headers.get('content-encoding') ?? 'identity'}): ${rows} rows, ` +
      `${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s = ` +
      `${Math.round(rows / seconds)} rows/s` +
      (before !== null
        ? `; server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`
        : '') +
      (cpu.length ? `; ${cpu.join(', ')}` : '') +
      `; ${load()}`,
  );
}

async function dashboardYear() {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/reports/dashboard?from=${from}&to=${to}`, { headers: auth() });
    if (!res.ok) throw new Error(`dashboard: ${res.status} ${await res.text()}`);
    await res.json();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `dashboard for a year: ${times.map((t) => t.toFixed(0)).join(', ')} ms (sorted; max ${times.at(-1).toFixed(0)} ms); ${load()}`,
  );
}

const only = process.env.BENCH_ONLY ?? 'pages,export,dashboard';
if (only.includes('pages')) {
  await firstPage('reportsimplysay');
  await firstPage('reporttransactions');
}
if (only.includes('export')) await exportCsv(process.env.BENCH_EXPORT_REPORT ?? 'reportsimplysay');
if (only.includes('dashboard')) await dashboardYear();
