// Builds a large firm for load tests on PostgreSQL: 50,000 members, 1,000,000 kudos and
// 3,000,000 reactions (set BENCH_MEMBERS / BENCH_KUDOS / BENCH_REACTIONS to change).
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ovation_bench node bench/feed-generate.mjs
// The database is dropped and re-created, migrated by the app's own migrator, then filled in SQL.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { hash } from '@node-rs/argon2';

const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ovation_bench');
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const KUDOS = Number(process.env.BENCH_KUDOS ?? 1_000_000);
const REACTIONS = Number(process.env.BENCH_REACTIONS ?? 3_000_000);
export const BENCH_USERS = 500;
export const BENCH_PASSWORD = 'Bench-password-1';

const dbName = url.pathname.slice(1);
const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const migrate = spawnSync('npx', ['tsx', 'src/db/migrate-cli.ts'], {
  cwd: 'apps/server',
  env: { ...process.env, DATABASE_URL: url.toString() },
  stdio: 'inherit',
});
if (migrate.status !== 0) process.exit(1);

const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const step = async (label, sql, params) => {
  const started = Date.now();
  const res = await db.query(sql, params);
  console.log(`${label}: ${res.rowCount ?? ''} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

await step('divisions', `insert into divisions (name, level) select 'Division ' || g, 3 from generate_series(1, 40) g`);
await step(
  'members',
  `insert into members (employee_number, first_name, surname, email, cell_num, birth_date, start_date,
     division_id, country, unit, is_manager, interests, aspirations)
   select 'B' || lpad(g::text, 7, '0'), 'First' || (g % 997), 'Surname' || g, 'bench' || g || '@bench.example',
     '+27 82 000 ' || lpad((g % 10000)::text, 4, '0'),
     date '1970-01-01' + (g % 12000), date '2000-01-01' + (g % 9000),
     1 + (g % 40), case when g % 10 < 8 then 'South Africa' else 'Kenya' end,
     case when g % 17 = 0 then 'TRF' else 'AUD' end, g % 25 = 0,
     'Song ' || (g % 50), 'Skill ' || (g % 40)
   from generate_series(1, $1::int) g`,
  [MEMBERS],
);
const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
await step(
  'credentials',
  `insert into credentials (member_id, password_hash) select id, $1 from members where id <= $2::int or id % 3 = 0`,
  [passwordHash, BENCH_USERS],
);
await step(
  'behaviours',
  `insert into behaviours (name, sort) select unnest(array['Client First','Integrity Always','Stronger Together',
     'Courage to Challenge','Own It','Grow Every Day','Make It Simple','Care for Each Other']), 0`,
);
await step(
  'kudos',
  `insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, created_at)
   select case when g % 5 = 0 then 'high5' else 'recognition' end,
     1 + (g::bigint * 7919) % $2::int, 1 + (g::bigint * 104729 + 13) % $2::int,
     case when g % 5 = 0 then null else 1 + g % 8 end,
     'Thank you for the great work on engagement ' || g,
     now() - (($1::int - g) * interval '20 seconds')
   from generate_series(1, $1::int) g`,
  [KUDOS, MEMBERS],
);
await step(
  'reactions',
  `insert into kudos_reactions (kudos_id, kind, member_id, created_at)
   select 1 + (g::bigint * 48271) % $1::int, 1 + g % 3, 1 + (g::bigint * 69621) % $3::int, now() - (g % 100000) * interval '1 minute'
   from generate_series(1, $2::int) g
   on conflict do nothing`,
  [KUDOS, REACTIONS, MEMBERS],
);
await step(
  'reaction counts',
  `update kudos k set like_count = c.likes, cheer_count = c.cheers, support_count = c.supports
   from (select kudos_id, count(*) filter (where kind = 1) likes, count(*) filter (where kind = 2) cheers,
                count(*) filter (where kind = 3) supports from kudos_reactions group by kudos_id) c
   where c.kudos_id = k.id`,
);
// The kudos inserted above wait in the dashboard's queue (decision 0051): flushed here, not by
// the server's first periodic flush, which otherwise spent a core's 20 s (far longer under load)
// inside the first scenarios of a bench.
await step('kudos roll-ups', 'select report_rollups_flush()');
await step('analyze', 'vacuum analyze');
await db.end();
console.log(`bench database ready: ${url}`);
