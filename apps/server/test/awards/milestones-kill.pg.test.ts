import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { runServiceMilestones } from '../../src/modules/milestones/milestone-job.ts';
import { setupApp } from '../support/build-app.ts';
import { setSetting } from '../support/ledger-factories.ts';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A process posting milestones killed with SIGKILL mid-way (PostgreSQL: the job in another
 * process, on its own connections): what it committed stays posted once, what it had not yet
 * committed is posted by the next run, nothing twice, the ledger clean.
 */
describe('service milestones after kill -9 (PostgreSQL)', () => {
  const ctx = setupApp();

  it('a killed posting run leaves each milestone posted at most once; the next run posts the rest once', async () => {
    const COUNT = 600;
    await setSetting(ctx.app, 'serviceAwards', {
      enabled: true,
      milestones: [{ years: 10, points: 1000, form: 'points', giftName: '', giftValueRand: 0 }],
      randPerPoint: 0.1,
      noticeDays: 30,
    });
    await ctx.app.db.execute(sql`
      insert into members (employee_number, first_name, surname, email, cell_num, country, unit, start_date)
      select 'K' || g, 'Kill', 'Member ' || g, 'kill' || g || '@milestones.test', '+27 82 555 0101', 'South Africa', 'AUD',
             date '2017-06-07'
      from generate_series(1, ${COUNT}::int) g`);
    const job = (today: string) => runServiceMilestones({ ...ctx.app.sendServices, log: ctx.app.log }, today);
    expect((await job('2027-05-20')).announced).toBe(COUNT);

    const posted = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.app.db,
          sql`select count(*)::int as n from service_milestones where posted_at is not null`,
        )
      )[0]!.n;
    const url = ctx.app.database.pool!.options.connectionString!;
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/run-milestones.ts', url, '2027-06-07'], {
      cwd: serverDir,
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    // Kill it once it has posted some: mid-way through its run.
    for (let i = 0; i < 3000 && (await posted()) < 20; i++) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const atKill = await posted();
    expect(atKill).toBeGreaterThanOrEqual(20);
    expect(atKill).toBeLessThan(COUNT);

    const rest = await job('2027-06-07');
    expect(rest.posted).toBe(COUNT - atKill);
    const [counts] = await queryRows<{ posted: number; kudos: number; paid: number; transactions: number }>(
      ctx.app.db,
      sql`select
        (select count(*)::int from service_milestones where posted_at is not null) as posted,
        (select count(*)::int from kudos k join members m on m.id = k.to_member_id
           where k.kind = 'award' and m.employee_number like 'K%') as kudos,
        (select coalesce(sum(e.amount), 0)::int from ledger_entries e join ledger_accounts a on a.id = e.account_id
           join members m on m.id = a.member_id where a.kind = 'points' and m.employee_number like 'K%') as paid,
        (select count(*)::int from ledger_transactions where kind = 'service_award') as transactions`,
    );
    expect(counts).toEqual({ posted: COUNT, kudos: COUNT, paid: COUNT * 1000, transactions: COUNT });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  }, 120_000);
});
