// Database round trips per send (issue 14): how many times a Pay It Forward, a recognition with
// points, a High Five, a game play and a rewards checkout wait for PostgreSQL, and how many statements they send, counted at the
// driver through the real app in-process. Every pg Client.query call is one statement; the calls
// one client makes in the same turn of the event loop go out together (the send runner's
// pipelined batches, decision 0049) and are one round trip. Unlike the
// throughput benches this does not depend on how busy the machine is, so a before/after pair
// compares cleanly on a shared machine. Usage:
//   npx tsx bench/send-round-trips.ts [adminUrl=postgres://postgres@127.0.0.1:5432/postgres] [sends=20]
// VERBOSE=1 prints the statements of one send of each kind (VERBOSE=3: of three).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { verifyLedger } from '../apps/server/src/core/ledger/verify-ledger.ts';

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sends = Number(process.argv[3] ?? 20);
const dbName = `ovation_bench_trips_${randomBytes(3).toString('hex')}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir: '', poolSize: 5 });
await migrateDatabase(database);
const pool = database.pool!;
pool.on('error', () => {});
const ids = (
  await pool.query(
    `insert into members (employee_number, first_name, surname, email, cell_num, country, unit, is_manager)
     select 'T' || g, 'Trip', 'Member ' || g, 'trip' || g || '@bench.example', '+27 82 555 0101', 'South Africa', 'AUD', g = 1
     from generate_series(1, 3) g returning id`,
  )
).rows.map((r) => r.id as number);
const [managerId, teamId, otherId] = ids as [number, number, number];
await pool.query(`update members set manager_id = $1 where id = $2`, [managerId, teamId]);
const tokens = ids.map(() => randomBytes(32).toString('base64url'));
await pool.query(
  `insert into sessions (token_hash, member_id, expires_at) select unnest($1::text[]), unnest($2::int[]), now() + interval '1 day'`,
  [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
);
const behaviourId = (
  await pool.query(`insert into behaviours (name, description) values ('Client First', 'Bench') returning id`)
).rows[0].id as number;
// Limits out of the way (they are not what is counted), in one statement.
await pool.query(
  `insert into settings (key, value) select key, value from jsonb_each($1::jsonb)
   on conflict (key) do update set value = excluded.value`,
  [JSON.stringify({ sendRateLimitPerMinute: 1e9, pairDailyLimit: 1e9, payItForwardDailyCap: 1e12 })],
);
// Funding through ledger_post itself, so the ledger stays consistent.
await pool.query(`select ledger_post($1::jsonb)`, [
  JSON.stringify([
    {
      kind: 'issuance',
      memo: 'Bench funding',
      legs: [
        { s: 'issuance', n: -3_000_000, c: null },
        { m: managerId, k: 'team_budget', n: 1_000_000, c: null },
        { m: managerId, k: 'points', n: 1_000_000, c: null },
        { m: otherId, k: 'points', n: 1_000_000, c: null },
      ],
    },
    // The Game Board's pool, and plays for the player.
    {
      kind: 'game_pool_funding',
      memo: 'Bench pool',
      legs: [
        { s: 'issuance', n: -1_000_000, c: null },
        { s: 'game_prizes', n: 1_000_000, c: null },
      ],
    },
    {
      kind: 'issuance',
      memo: 'Bench plays',
      legs: [
        { s: 'plays_issuance', n: -1_000, c: null },
        { m: otherId, k: 'plays', n: 1_000, c: null },
      ],
    },
  ]),
]);

// A rewards item for the checkouts: a voucher with plenty of codes (checkout allocates them in
// the order's statement) and an unlimited delivery item with a per-member limit out of the way.
const category = (await pool.query(`insert into reward_categories (slug, name) values ('bench', 'Bench') returning id`))
  .rows[0].id as number;
const [voucherId, parcelId] = (
  await pool.query(
    `insert into rewards (category_id, name, description, points_cost, rand_value, fulfilment, stock_left, member_limit)
     values ($1, 'Bench Voucher', 'Bench', 1, 100, 'voucher', 100000, null),
            ($1, 'Bench Parcel', 'Bench', 1, 100, 'delivery', null, 1000000)
     returning id`,
    [category],
  )
).rows.map((r) => r.id as number) as [number, number];
await pool.query(
  `insert into voucher_codes (reward_id, code) select $1, 'BENCH-' || g from generate_series(1, 100000) g`,
  [voucherId],
);
const ADDRESS = {
  recipient: 'Trip Member',
  line1: '1 Bench Road',
  line2: '',
  city: 'Cape Town',
  postalCode: '8001',
  phone: '+27 82 555 0100',
};

const config = loadConfig(
  {},
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: dbUrl, WEB_DIST_DIR: '/nonexistent' },
);
const app = await buildApp({ config, database, closeDatabase: false, logger: false });
await app.ready();

let counting = false;
let count = 0;
let trips = 0;
const statements: string[] = [];
const sentThisTurn = new Set<pg.Client>();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    count += 1;
    if (!sentThisTurn.has(this)) {
      trips += 1;
      sentThisTurn.add(this);
      queueMicrotask(() => sentThisTurn.delete(this));
    }
    const first = args[0] as string | { text?: string };
    statements.push((typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').slice(0, 110));
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const XSRF = 'bench-xsrf-token-0123456789abcdef';
const send = (url: string, token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'x-xsrf-token': XSRF,
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    cookies: { 'XSRF-TOKEN': XSRF },
  });

const put = (token: string, rewardId: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/rewards/basket/lines/${rewardId}`,
    payload: { quantity: 1 },
    headers: { 'x-xsrf-token': XSRF, authorization: `Bearer ${token}` },
    cookies: { 'XSRF-TOKEN': XSRF },
  });

const scenarios: { name: string; before?: () => Promise<unknown>; go: () => ReturnType<typeof send> }[] = [
  {
    name: 'Pay It Forward (1 point)',
    go: () => send('/api/payitforward/send', tokens[0]!, { toMemberId: otherId, points: 1, message: 'Thanks' }),
  },
  {
    name: 'recognition with 1 point (team budget)',
    go: () =>
      send('/api/recognition/send', tokens[0]!, {
        toMemberIds: [teamId],
        behaviourId,
        message: 'Well done',
        points: 1,
      }),
  },
  {
    name: 'High Five',
    go: () => send('/api/high5/send', tokens[2]!, { toMemberId: managerId, message: 'High five' }),
  },
  {
    name: 'game play',
    go: () => send('/api/game/play', tokens[2]!, { cap: 3 }),
  },
  {
    // The basket's PUTs are not counted: only the checkout.
    name: 'rewards checkout (a voucher and a delivered item)',
    before: () => Promise.all([put(tokens[2]!, voucherId), put(tokens[2]!, parcelId)]),
    go: () => send('/api/rewards/checkout', tokens[2]!, { address: ADDRESS }),
  },
];

for (const s of scenarios) {
  await s.before?.();
  const warm = await s.go();
  if (warm.statusCode !== 200) throw new Error(`${s.name}: ${warm.statusCode} ${warm.body}`);
  counting = true;
  count = 0;
  trips = 0;
  statements.length = 0;
  for (let i = 0; i < sends; i++) {
    if (s.before) {
      counting = false;
      await s.before();
      counting = true;
    }
    const res = await s.go();
    if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
  }
  counting = false;
  console.log(
    `${s.name}: ${(trips / sends).toFixed(1)} round trips, ${(count / sends).toFixed(1)} statements per send`,
  );
  if (process.env.VERBOSE)
    for (const text of statements.slice(0, Number(process.env.VERBOSE) * Math.round(count / sends)))
      console.log(`    ${text}`);
}

const { findings } = await verifyLedger(app.db);
console.log(`ledger:verify findings: ${findings.length}`);
await app.close();
await database.close();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.end();
