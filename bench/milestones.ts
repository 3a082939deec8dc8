// The daily service-milestone job (issue 41, decision 0108) over a 50,000-member firm on
// PostgreSQL, run by two app instances at once (each with its own pool), then again.
// Usage: npx tsx bench/milestones.ts [adminUrl=postgres://postgres@127.0.0.1:5432/postgres]
// BENCH_MEMBERS=<n> (default 50,000). Start dates are spread over 26 years, so about one member in
// twelve has an anniversary within the 30-day notice period and one in 365 has it today.
// Prints, CPU first: the app's CPU (this process, both instances) and the PostgreSQL backends' CPU
// (from /proc, for this database's backends), the wall time of the two concurrent runs, what
// was announced and posted, the second run (nothing to do), and the ledger:verify findings.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { verifyLedger } from '../apps/server/src/core/ledger/verify-ledger.ts';
import { runServiceMilestones } from '../apps/server/src/modules/milestones/milestone-job.ts';

const MEMBER_COUNT = Number(process.env.BENCH_MEMBERS ?? 50_000);
const TODAY = '2027-03-01'; // a Monday
const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ovation_bench_milestones_${randomBytes(3).toString('hex')}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

const TICKS = 100; // USER_HZ on Linux
/** utime + stime of a process, in ms (0 when it is gone). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return 0;
  }
}
async function backendCpu(): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [dbName]);
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}

try {
  const open = () => openDatabase({ databaseUrl: dbUrl, pgliteDir: '', poolSize: 10 });
  const first = await open();
  await migrateDatabase(first);
  const pool = first.pool!;
  pool.on('error', () => {});
  await pool.query(
    `insert into members (employee_number, first_name, surname, email, cell_num, country, unit, is_manager, start_date)
     select 'B' || g, 'Bench', 'Member ' || g, 'bench' || g || '@milestones.example', '+27 82 555 0101', 'South Africa',
            'AUD', g % 10 = 1, date '2027-03-01' - (g * 9491 % 9500)
     from generate_series(1, $1::int) g`,
    [MEMBER_COUNT],
  );
  // Teams of ten: each member's manager is the first of their ten.
  await pool.query(`update members m set manager_id = b.id from members b
    where b.employee_number = 'B' || (((substr(m.employee_number, 2)::int - 1) / 10) * 10 + 1) and b.id <> m.id`);
  await pool.query('analyze');
  const config = loadConfig(
    {},
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: dbUrl, WEB_DIST_DIR: '/nonexistent' },
  );
  const a = await buildApp({ config, database: first, closeDatabase: false, logger: false });
  const b = await buildApp({ config, database: await open(), closeDatabase: true, logger: false });
  await Promise.all([a.ready(), b.ready()]);
  const job = (app: typeof a) => runServiceMilestones({ ...app.sendServices, log: app.log }, TODAY);

  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const pgBefore = await backendCpu();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const runs = await Promise.all([job(a), job(b)]);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = await backendCpu();
  let pgMs = 0;
  for (const [pid, after] of pgAfter) pgMs += after - (pgBefore.get(pid) ?? 0);
  const announced = runs.reduce((n, r) => n + r.announced, 0);
  const posted = runs.reduce((n, r) => n + r.posted, 0);
  const again = await Promise.all([job(a), job(b)]);
  const { rows } = await pool.query<{ rows: string; posted: string }>(
    `select count(*) as rows, count(*) filter (where posted_at is not null) as posted from service_milestones`,
  );
  const findings = (await verifyLedger(a.db)).findings;

  console.log(`load average (1, 5, 15 min) at start: ${load}; ${MEMBER_COUNT} members; today ${TODAY}`);
  console.log(
    `CPU for the two concurrent runs: app ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms (both instances), PostgreSQL backends ${pgMs.toFixed(0)} ms`,
  );
  console.log(`wall time, two instances at once: ${wallMs.toFixed(0)} ms`);
  console.log(`announced ${announced} (rows ${rows[0]!.rows}), posted ${posted} (rows posted ${rows[0]!.posted})`);
  console.log(
    `second run: announced ${again.reduce((n, r) => n + r.announced, 0)}, posted ${again.reduce((n, r) => n + r.posted, 0)}`,
  );
  console.log(`ledger:verify findings: ${findings.length}`);
  await Promise.all([a.close(), b.close()]);
  await first.close?.();
} finally {
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
