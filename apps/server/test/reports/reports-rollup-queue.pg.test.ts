import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/sql-rows.ts';
import { utcToday } from '../../src/lib/utc-dates.ts';
import { getDashboard } from '../../src/modules/reports/get-dashboard.ts';
import { flushReportRollups } from '../../src/modules/reports/rollup-flush.ts';
import { setupApp } from '../support/build-app.ts';
import { scanDashboardSource } from '../support/dashboard-scan-reference.ts';
import { memberWithToken } from '../support/factories.ts';
import { fund, relaxLimits, send } from '../support/ledger-factories.ts';

/**
 * Sends queue their roll-ups and flushes add the queue in bulk (decision 0051). On real
 * PostgreSQL, with sends and flushes running at once, every committed kudos and point is
 * counted once: none lost between a flush's read of the queue and its delete, none twice.
 */
describe('the roll-up queue under concurrency (PostgreSQL)', () => {
  const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
  const today = utcToday();
  const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(ctx.app.db, query))[0]!.n;

  it('counts 120 sends made while flushes run, each once', async () => {
    await relaxLimits(ctx.app);
    const people = await Promise.all(Array.from({ length: 8 }, () => memberWithToken(ctx)));
    for (const p of people) await fund(ctx.app, p.member.id, 1_000);
    await flushReportRollups(ctx.app.db);
    const kudosBefore = await count(sql`select count(*)::int as n from kudos`);

    const sends = Array.from({ length: 120 }, (_, i) => {
      const from = people[i % 8]!;
      const to = people[(i * 3 + 1) % 8]!;
      return i % 2 === 0
        ? send(ctx, '/api/payitforward/send', from.token, {
            toMemberId: to.member.id,
            points: 2,
            message: `Thanks ${i}`,
          })
        : send(ctx, '/api/high5/send', from.token, { toMemberId: to.member.id, message: `High five ${i}` });
    });
    // Flushes, waiting and not, two at a time, until the last send has answered.
    let answered = false;
    const flushed: number[] = [];
    const flusher = async (wait: boolean) => {
      while (!answered) {
        flushed.push(await flushReportRollups(ctx.app.db, { wait }));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const flushing = Promise.all([flusher(true), flusher(false)]);
    const results = await Promise.all(sends);
    answered = true;
    await flushing;
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    // Some flushes added sends that were still coming in.
    expect(flushed.filter((n) => n > 0).length).toBeGreaterThan(1);
    flushed.push(await flushReportRollups(ctx.app.db));

    expect(flushed.filter((n) => n > 0).reduce((a, b) => a + b, 0)).toBe(120);
    expect(await count(sql`select count(*)::int as n from kudos`)).toBe(kudosBefore + 120);
    expect(await count(sql`select count(*)::int as n from report_kudos_pending`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from report_point_pending`)).toBe(0);
    expect(await count(sql`select coalesce(sum(n), 0)::int as n from report_kudos_pairs`)).toBe(kudosBefore + 120);
    expect(
      await count(
        sql`select coalesce(sum(amount), 0)::int as n from report_point_days where figure = 'given' and day = ${today}`,
      ),
    ).toBe(60 * 2);
    const query = { from: today, to: today };
    const rolled = await getDashboard(ctx.app.db, query, today);
    expect(rolled).toEqual(await getDashboard(ctx.app.db, query, today, scanDashboardSource));
    expect(rolled.recognitionsByWeek.reduce((n, w) => n + w.high5 + w.payitforward, 0)).toBe(120);
  });

  it('leaves the queue to a flush already running unless asked to wait, then adds what is left', async () => {
    const [a, b] = await Promise.all([memberWithToken(ctx), memberWithToken(ctx)]);
    await flushReportRollups(ctx.app.db);
    const client = await ctx.app.database.pool!.connect();
    try {
      await client.query('begin');
      await client.query('select report_rollups_flush()');
      // Another instance's periodic flush steps aside; a send still commits (it only queues).
      expect(await flushReportRollups(ctx.app.db, { wait: false })).toBe(-1);
      const res = await send(ctx, '/api/high5/send', a.token, { toMemberId: b.member.id, message: 'While flushing' });
      expect(res.statusCode).toBe(200);
      // The dashboard's flush waits for the running one, then adds the send.
      const waiting = flushReportRollups(ctx.app.db);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client.query('commit');
      expect(await waiting).toBe(1);
    } finally {
      client.release();
    }
  });
});
