// The reports bench database: the feed bench's firm (feed-generate.mjs: 50,000 members,
// 1,000,000 kudos, 3,000,000 reactions) plus a ledger of BENCH_LEDGER_TRANSACTIONS
// transactions (default 1,000,000; two entries each) and report administrators bench1…bench10.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ovation_bench_reports node bench/reports-generate.mjs
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ovation_bench_reports';
const TRANSACTIONS = Number(process.env.BENCH_LEDGER_TRANSACTIONS ?? 1_000_000);

// BENCH_SKIP_FEED=1 reuses a feed database made before (only the ledger part runs).
if (!process.env.BENCH_SKIP_FEED) {
  const feed = spawnSync('node', ['bench/feed-generate.mjs'], {
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (feed.status !== 0) process.exit(1);
}

const db = new pg.Client({ connectionString: url });
await db.connect();
const step = async (label, sql, params) => {
  const started = Date.now();
  const res = await db.query(sql, params);
  console.log(`${label}: ${res.rowCount ?? ''} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

await step('report admins', `update members set is_admin_reports = true, roles = 'rep' where id <= 10`);
await step('divisions tree', `update divisions set level = 3, parent_id = null`);
const { rows: existing } = await db.query('select count(*)::int as n from ledger_accounts');
if (existing[0].n === 0)
  await step(
    'accounts',
    `insert into ledger_accounts (kind, member_id) select 'points', id from members
   union all select 'issuance', null`,
  );
// Points issued to members (issuance → member), then shared on (member → member), in turn.
await step(
  'transactions',
  `insert into ledger_transactions (id, kind, memo, actor_member_id, created_at)
   select g, case when g % 2 = 0 then 'issuance' else 'payitforward' end, 'Bench ' || g,
     case when g % 2 = 0 then null else 1 + (g::bigint * 7919) % (select count(*) from members) end,
     now() - (($1::int - g) * interval '20 seconds')
   from generate_series(1, $1::int) g`,
  [TRANSACTIONS],
);
// The dashboard's point roll-up is filled once from the entries below (as the migration's
// back-fill does) instead of by its per-row trigger, which would take many minutes here.
await step('roll-up trigger off', 'alter table ledger_entries disable trigger ledger_entries_report_rollup');
await step('transaction ids', `select setval('ledger_transactions_id_seq', $1::int)`, [TRANSACTIONS]);
await step(
  'entries (debits)',
  `insert into ledger_entries (transaction_id, account_id, amount, created_at)
   select t.id, coalesce(ma.id, (select id from ledger_accounts where kind = 'issuance' and member_id is null)), -10, t.created_at
   from ledger_transactions t left join ledger_accounts ma on ma.member_id = t.actor_member_id and ma.kind = 'points'`,
);
await step(
  'entries (credits)',
  `insert into ledger_entries (transaction_id, account_id, amount, counterparty_member_id, created_at)
   select t.id, dst.id, 10, t.actor_member_id, t.created_at
   from ledger_transactions t
   join ledger_accounts dst on dst.kind = 'points'
     and dst.member_id = 1 + (t.id::bigint * 104729 + 13) % (select count(*) from members)`,
);
await step(
  'point roll-up',
  `insert into report_point_days as r (day, figure, shard, amount)
   select (e.created_at at time zone 'UTC')::date, report_point_figure(a.kind, a.member_id, t.kind, e.amount),
     e.account_id % 8, sum(abs(e.amount))
   from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
   where report_point_figure(a.kind, a.member_id, t.kind, e.amount) is not null
   group by 1, 2, 3
   on conflict (day, figure, shard) do update set amount = r.amount + excluded.amount`,
);
await step('roll-up trigger on', 'alter table ledger_entries enable trigger ledger_entries_report_rollup');
await step(
  'balances',
  `update ledger_accounts a set balance = s.total from
   (select account_id, sum(amount) total from ledger_entries group by account_id) s
   where s.account_id = a.id and (a.member_id is null or s.total >= 0)`,
);
// The kudos inserted above wait in the dashboard's queue (decision 0051): flushed here, not by
// the server's first periodic flush, which otherwise spent a core's 20 s (far longer under load)
// inside the first scenarios of a bench.
await step('kudos roll-ups', 'select report_rollups_flush()');
await step('analyze', 'vacuum analyze');
await db.end();
console.log(`reports bench database ready: ${url}`);
