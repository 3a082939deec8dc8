// Data uploads on PostgreSQL (issue 11): a 100,000-row points file and a 50,000-row members
// file, each uploaded, checked and applied through the real app (in-process, Fastify inject).
// Usage: npx tsx bench/uploads.ts [adminUrl=postgres://postgres@127.0.0.1:5432/postgres]
// BENCH_MEMBERS=<n> (default 1,000) spreads the points file over that many members (each one is
// told: a bell row and an e-mail); BENCH_ONLY=points skips the members file.
// Creates a fresh database migrated by the app, the members and a report admin; prints for
// each file the check time, the apply time and the peak extra memory (RSS sampled every 20 ms
// above the level just before the upload), then the ledger:verify findings.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { verifyLedger } from '../apps/server/src/core/ledger/verify-ledger.ts';
import { notifyUploadCredits } from '../apps/server/src/modules/uploads/notify-upload-credits.ts';

const MEMBER_COUNT = Number(process.env.BENCH_MEMBERS ?? 1000);
const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ovation_bench_uploads_${randomBytes(3).toString('hex')}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir: '', poolSize: 10 });
await migrateDatabase(database);
const pool = database.pool!;
pool.on('error', () => {});
await pool.query(
  `insert into members (employee_number, first_name, surname, email, cell_num, country, unit, is_manager, is_admin_reports)
   select 'B' || g, 'Bench', 'Member ' || g, 'bench' || g || '@uploads.example', '+27 82 555 0101', 'South Africa', 'AUD', g % 10 = 0, g = 1
   from generate_series(1, $1::int) g`,
  [MEMBER_COUNT],
);
await pool.query(
  `insert into credentials (member_id, password_hash) select id, $1 from members where employee_number = 'B1'`,
  [await hashPassword('Bench-password-1')],
);

const config = loadConfig(
  {},
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: dbUrl, WEB_DIST_DIR: '/nonexistent' },
);
const app = await buildApp({ config, database, closeDatabase: false, logger: false });
await app.ready();
const XSRF = 'bench-xsrf-token-0123456789abcdef';
const inject = (opts: Parameters<typeof app.inject>[0] & { headers?: Record<string, string> }, token?: string) =>
  app.inject({
    ...(opts as object),
    headers: { 'x-xsrf-token': XSRF, ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers },
    cookies: { 'XSRF-TOKEN': XSRF },
  } as Parameters<typeof app.inject>[0]);
const login = await inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'bench1@uploads.example', password: 'Bench-password-1' },
});
const token = login.json().authToken as string;

function multipart(kind: string, name: string, bytes: Buffer) {
  const b = `----bench${randomUUID()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

async function until(uploadId: number, busy: string) {
  for (;;) {
    const body = (await inject({ method: 'GET', url: `/api/admin/uploads/${uploadId}` }, token)).json();
    if (body.status !== busy) return body;
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function run(kind: 'points' | 'members', rows: number, bytes: Buffer) {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await inject(
    { method: 'POST', url: '/api/admin/uploads', ...multipart(kind, `${kind}.csv`, bytes) },
    token,
  );
  if (res.statusCode !== 202) throw new Error(`${res.statusCode} ${res.body}`);
  const { uploadId } = res.json();
  const checked = await until(uploadId, 'checking');
  const t1 = performance.now();
  const applied = await inject(
    {
      method: 'POST',
      url: `/api/admin/uploads/${uploadId}/apply`,
      payload: {},
      headers: { 'idempotency-key': randomUUID() },
    },
    token,
  );
  if (applied.statusCode !== 202) throw new Error(`${applied.statusCode} ${applied.body}`);
  const done = await until(uploadId, 'applying');
  const t2 = performance.now();
  clearInterval(sampler);
  console.log(
    `${kind}: ${rows.toLocaleString('en')} rows (${(bytes.length / 1e6).toFixed(1)} MB) — check ${((t1 - t0) / 1000).toFixed(2)} s` +
      ` (${checked.summary.valid} valid), apply ${((t2 - t1) / 1000).toFixed(2)} s (${done.status}),` +
      ` total ${((t2 - t0) / 1000).toFixed(2)} s, peak extra RSS ${((peak - base) / 1e6).toFixed(0)} MB`,
  );
  return uploadId as number;
}

const POINTS = 100_000;
const pointsCsv = Buffer.from(
  ['Employee number,Points,Account,Reason']
    .concat(
      Array.from(
        { length: POINTS },
        (_, i) =>
          `B${(i % MEMBER_COUNT) + 1},${(i % 50) + 1},${(i % MEMBER_COUNT) % 10 === 9 ? 'team' : 'personal'},Bench bonus ${i}`,
      ),
    )
    .join('\n'),
);
const pointsUpload = await run('points', POINTS, pointsCsv);
const told = await pool.query(
  `select (select count(*) from notifications)::int as bell, (select count(*) from email_outbox)::int as mail`,
);
console.log(`members told: ${told.rows[0].bell} bell rows, ${told.rows[0].mail} e-mails in the outbox`);
// The members' notices on their own (decision 0044): the same statements again, rolled back.
let noticeMs = 0;
await database.db
  .transaction(async (tx) => {
    const t = performance.now();
    await notifyUploadCredits(tx, app.log, { id: pointsUpload, actorMemberId: 1 });
    noticeMs = performance.now() - t;
    tx.rollback();
  })
  .catch(() => undefined);
console.log(`telling the credited members alone: ${(noticeMs / 1000).toFixed(2)} s (in a rolled-back transaction)`);
const printVerify = async () =>
  console.log('ledger:verify findings:', (await verifyLedger(database.db)).findings.length);
if (process.env.BENCH_ONLY === 'points') {
  await printVerify();
  await app.close();
  await database.close();
  await admin.query(`drop database ${dbName} with (force)`);
  await admin.end();
  process.exit(0);
}

const MEMBERS = 50_000;
const membersCsv = Buffer.from(
  [
    'Employee number,First name,Surname,E-mail,Cell number,Division 1,Division 2,Division 3,Country,Unit,Manager employee number,Start date,Birth date,Active',
  ]
    .concat(
      Array.from({ length: MEMBERS }, (_, i) =>
        [
          `N${i}`,
          'New',
          `Joiner ${i}`,
          `joiner${i}@uploads.example`,
          '+27 82 555 0101',
          'Assurance',
          `Audit ${i % 5}`,
          `Team ${i % 40}`,
          'South Africa',
          'AUD',
          i % 100 === 0 ? 'B10' : `N${i - (i % 100)}`,
          '01/02/2026',
          '14/03/1994',
          'yes',
        ].join(','),
      ),
    )
    .join('\n'),
);
await run('members', MEMBERS, membersCsv);

await printVerify();
await app.close();
await database.close();
await admin.query(`drop database ${dbName} with (force)`);
await admin.end();
