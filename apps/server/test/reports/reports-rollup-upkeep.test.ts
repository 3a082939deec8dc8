import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { transferMany, type TransferSpec } from '../../src/core/ledger/transfer.ts';
import { getDashboard } from '../../src/modules/reports/get-dashboard.ts';
import { flushReportRollups } from '../../src/modules/reports/rollup-flush.ts';
import { scanDashboardSource } from '../support/dashboard-scan-reference.ts';
import { setupDashboardHistory } from '../support/reports-dashboard-history.ts';

/**
 * The dashboard's daily roll-ups themselves (decisions 0030, 0045, 0051), on the firm of
 * reports-dashboard-history.ts: each member's running totals hold, the migration's back-fill
 * builds the same roll-ups as the queue and its bulk flush, and a ledger call queues its sums
 * once and adds them at the next flush.
 */
const { ctx, today, dayOffset } = setupDashboardHistory();
const ROLLUPS = [
  'report_kudos_days',
  'report_member_days',
  'report_member_totals',
  'report_kudos_pairs',
  'report_point_days',
];

async function rollupContents() {
  await flushReportRollups(ctx.app.db);
  const out: Record<string, unknown[]> = {};
  for (const table of ROLLUPS) {
    // Ordered by every column (a roll-up's key has more than three: the shard too), so equal
    // contents compare equal whatever order the rows were written in.
    out[table] = await queryRows(ctx.app.db, sql.raw(`select * from ${table} t order by t::text`));
  }
  return out;
}

describe('dashboard from the roll-ups', () => {
  it('keeps each member’s running totals: every day row holds the sums through its day', async () => {
    const mismatches = await queryRows(
      ctx.app.db,
      sql`select d.member_id, d.day from report_member_days d
        where d.given_total <> (select sum(x.given) from report_member_days x where x.member_id = d.member_id and x.day <= d.day)
          or d.received_total <> (select sum(x.received) from report_member_days x where x.member_id = d.member_id and x.day <= d.day)
        union all
        select a.member_id, a.last_day from (select member_id, min(day) as first_day, max(day) as last_day,
            sum(given)::int as given, sum(received)::int as received from report_member_days group by member_id) a
          full join report_member_totals t on t.member_id = a.member_id
        where (t.first_day, t.last_day, t.given, t.received) is distinct from (a.first_day, a.last_day, a.given, a.received)`,
    );
    expect(mismatches).toEqual([]);
    // Kudos were seeded out of date order, so later rows had to move when earlier ones arrived.
    const [counts] = await queryRows<{ members: number; rows: number }>(
      ctx.app.db,
      sql`select count(*)::int as members, (select count(*)::int from report_member_days) as rows from report_member_totals`,
    );
    expect(counts!.members).toBeGreaterThan(10);
    expect(counts!.rows).toBeGreaterThan(counts!.members * 5);
  });

  it('the migrations’ back-fills build the same roll-ups as the queue and its flushes', async () => {
    const byTriggers = await rollupContents();
    const folder = new URL('../../src/db/migrations/', import.meta.url);
    const files = readdirSync(folder)
      .filter((name) => /_(report_rollups|report_running_totals|dashboard_net_figures)\.sql$/.test(name))
      .sort();
    expect(files).toHaveLength(3);
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`truncate ${ROLLUPS.join(', ')}`));
      for (const file of files) {
        const migration = readFileSync(new URL(file, folder), 'utf8');
        for (const statement of migration.slice(migration.indexOf('-- Back-fill')).split('--> statement-breakpoint')) {
          if (!statement.replace(/--.*$/gm, '').trim()) continue;
          // The first back-fill also filled the monthly roll-up, which the running totals replaced.
          if (/insert into report_member_months/i.test(statement)) continue;
          // Its point figures were rebuilt, net, by a later migration's back-fill (decision 0084).
          if (file.includes('_report_rollups') && /insert into report_point_days/i.test(statement)) continue;
          await tx.execute(sql.raw(statement));
        }
      }
    });
    expect(await rollupContents()).toEqual(byTriggers);
  });

  it('a backlog flushed in parts builds the same roll-ups as one flush of the whole queue (decision 0102)', async () => {
    const whole = await rollupContents();
    const kudosRollups = ['report_kudos_days', 'report_member_days', 'report_member_totals', 'report_kudos_pairs'];
    await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`truncate ${kudosRollups.join(', ')}`));
      // Queued in no order of day, so later parts hold days before, on and after earlier parts'.
      await tx.execute(sql`insert into report_kudos_pending (kudos_id) select id from kudos order by random()`);
    });
    const [queued] = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from report_kudos_pending`,
    );
    expect(queued!.n).toBeGreaterThan(500);
    // One call takes one part; the flush calls until a part comes back short.
    const [first] = await queryRows<{ n: number }>(ctx.app.db, sql`select report_rollups_flush_part(true, 37) as n`);
    expect(first!.n).toBe(37);
    expect(await flushReportRollups(ctx.app.db, { part: 37 })).toBe(queued!.n - 37);
    const [left] = await queryRows<{ n: number }>(ctx.app.db, sql`select count(*)::int as n from report_kudos_pending`);
    expect(left!.n).toBe(0);
    expect(await rollupContents()).toEqual(whole);
  });

  it('queues a ledger call’s sums once per figure row, adds them at the next flush, and nothing for a rolled-back call', async () => {
    await flushReportRollups(ctx.app.db);
    const issuedToday = async () => {
      const [row] = await queryRows<{ n: number }>(
        ctx.app.db,
        sql`select coalesce(sum(amount), 0)::int as n from report_point_days where day = ${today} and figure = 'issued'`,
      );
      return row!.n;
    };
    const pending = async (db: typeof ctx.app.db) => {
      const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from report_point_pending`);
      return row!.n;
    };
    const receivers = (
      await queryRows<{ id: number }>(ctx.app.db, sql`select id from members order by id limit 5`)
    ).map((r) => r.id);
    const specs: TransferSpec[] = Array.from({ length: 500 }, (_, i) => ({
      kind: 'upload',
      memo: 'Bulk',
      legs: [
        { system: 'issuance', amount: -2 },
        { member: { memberId: receivers[i % receivers.length]!, kind: 'points' }, amount: 2 },
      ],
    }));
    const before = await issuedToday();

    await expect(
      ctx.app.db.transaction(async (tx) => {
        await transferMany(tx, specs);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await pending(ctx.app.db)).toBe(0);

    await ctx.app.db.transaction(async (tx) => {
      await transferMany(tx, specs.slice(0, 250));
      await transferMany(tx, specs.slice(250));
      // One summed row per ledger call (the members' 'upload' credits count towards no figure).
      expect(await pending(tx)).toBe(2);
    });
    expect(await pending(ctx.app.db)).toBe(2);
    expect(await issuedToday()).toBe(before);
    expect(await flushReportRollups(ctx.app.db)).toBe(0);
    expect(await issuedToday()).toBe(before + 1000);
    expect(await pending(ctx.app.db)).toBe(0);
    const year = { from: dayOffset(-364), to: today };
    expect(await getDashboard(ctx.app.db, year, today)).toEqual(
      await getDashboard(ctx.app.db, year, today, scanDashboardSource),
    );
  });
});
