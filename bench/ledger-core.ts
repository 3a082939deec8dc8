// The ledger's own throughput on PostgreSQL (issue 4): the app's transfer() — one round trip to
// the ledger_post function — driven by 50 concurrent database connections. Usage:
//   npx tsx bench/ledger-core.ts [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [seconds=15] [connections=50]
// Creates a fresh database migrated by the app's own migrator, opens BENCH_MEMBERS (500) funded
// members' points accounts and one manager's team budget, then runs for `seconds` each:
//   A: random transfers of 1 point between members' points accounts;
//   B: transfers of 1 point from the one team budget to its team's members (every one debits
//      the same row: the hot-account case);
// and finally ledger:verify's checks. Latencies are per transfer() call, measured in this process.
// BENCH_RATE=n schedules n transfers/s instead of saturating (see run()); BENCH_KEEP=1 keeps the
// database (e.g. for pgbench against ledger_post directly).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { transfer, InsufficientFundsError } from '../apps/server/src/core/ledger/transfer.ts';
import { verifyLedger } from '../apps/server/src/core/ledger/verify-ledger.ts';

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.argv[3] ?? 15);
const connections = Number(process.argv[4] ?? 50);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);
const dbName = `ovation_bench_core_${randomBytes(3).toString('hex')}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

const database = await openDatabase({
  databaseUrl: dbUrl,
  pgliteDir: '',
  poolSize: Number(process.env.BENCH_POOL ?? connections),
});
await migrateDatabase(database);
const pool = database.pool!;
// Dropping the database at the end ends idle connections; that is expected, not a failure.
pool.on('error', () => {});
const memberIds: number[] = (
  await pool.query(
    `insert into members (employee_number, first_name, surname, email, country, unit, is_manager)
     select 'C' || g, 'Core', 'Member ' || g, 'core' || g || '@bench.example', 'South Africa', 'AUD', g = 1
     from generate_series(1, $1) g returning id`,
    [MEMBERS],
  )
).rows.map((r: { id: number }) => r.id);
const managerId = memberIds[0]!;
const team = memberIds.slice(1, 51);
await pool.query(`update members set manager_id = $1 where id = any($2)`, [managerId, team]);
// Funding goes through the ledger itself: one issuance transaction per member.
for (const memberId of memberIds) {
  await transfer(database.db, {
    kind: 'issuance',
    memo: 'Bench funding',
    legs: [
      { system: 'issuance', amount: -100_000 },
      { member: { memberId, kind: 'points' }, amount: 100_000 },
    ],
  });
}
await transfer(database.db, {
  kind: 'team_budget_allocation',
  memo: 'Bench budget',
  legs: [
    { system: 'issuance', amount: -100_000_000 },
    { member: { memberId: managerId, kind: 'team_budget' }, amount: 100_000_000 },
  ],
});

// Warm-up (not measured): open every pooled connection and let PostgreSQL cache the function's
// plans, as on a server that has been up for a while.
await Promise.all(Array.from({ length: connections }, () => pool.query('select 1')));

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

const RATE = Number(process.env.BENCH_RATE ?? 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closed loop (default): every connection sends its next transfer as soon as the last one is
 * answered, so the figures are the saturated throughput and its latencies. With BENCH_RATE=n
 * the transfers are scheduled at n per second instead and each latency counts from its
 * scheduled start (so a backlog shows up as latency, not as fewer requests).
 */
async function run(name: string, next: () => Parameters<typeof transfer>[1], target: string) {
  const latencies: number[] = [];
  let refused = 0;
  let failed = 0;
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  let slot = 0;
  const worker = async () => {
    for (;;) {
      let started = performance.now();
      if (RATE > 0) {
        started = t0 + (slot++ * 1000) / RATE;
        if (started >= until) return;
        if (started > performance.now()) await sleep(started - performance.now());
      } else if (started >= until) return;
      try {
        await transfer(database.db, next());
        latencies.push(performance.now() - started);
      } catch (error) {
        if (error instanceof InsufficientFundsError) refused++;
        else failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `${name}${RATE > 0 ? ` at ${RATE}/s offered` : ''}: ${(latencies.length / elapsed).toFixed(0)} transfers/s, ` +
      `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms, refused ${refused}, failed ${failed} (target ${target})`,
  );
}

/** One point from a member's account of `fromKind` to another member's points. */
const onePoint = (kind: string, from: number, fromKind: 'points' | 'team_budget', to: number) => ({
  kind,
  actorMemberId: from,
  legs: [
    { member: { memberId: from, kind: fromKind }, amount: -1, counterpartyMemberId: to },
    { member: { memberId: to, kind: 'points' as const }, amount: 1, counterpartyMemberId: from },
  ],
});
const randomTransfer = () => {
  const from = pick(memberIds);
  let to = pick(memberIds);
  if (to === from) to = memberIds[(memberIds.indexOf(from) + 1) % memberIds.length]!;
  return onePoint('payitforward', from, 'points', to);
};
await Promise.all(
  Array.from({ length: connections }, async () => {
    for (let i = 0; i < 20; i++) await transfer(database.db, randomTransfer());
  }),
);

await run(
  `A: random transfers of 1 point among ${MEMBERS} members, ${connections} connections`,
  randomTransfer,
  '>= 1000/s, p99 <= 50 ms',
);
await run(
  `B: 1 point from one team budget to its team, ${connections} connections`,
  () => onePoint('recognition', managerId, 'team_budget', pick(team)),
  '>= 500/s',
);

const { findings, stats } = await verifyLedger(database.db);
console.log(`ledger:verify ${JSON.stringify(stats)}: ${findings.length === 0 ? 'clean' : JSON.stringify(findings)}`);
await database.close();
if (process.env.BENCH_KEEP) console.log(`kept database ${dbName}`);
else await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.end();
process.exit(findings.length === 0 ? 0 : 1);
