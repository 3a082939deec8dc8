import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { fund, setSetting } from '../support/ledger-factories.ts';
import { integrationToken, PATCH_OP, scim } from '../support/scim-factories.ts';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A server process killed with SIGKILL during the directory's burst of deactivations
 * (PostgreSQL): each leaver it deactivated had their points forfeited once, in the same
 * transaction; the directory sends the burst again and the rest leave once too.
 */
describe('leavers after kill -9 mid-burst (PostgreSQL)', () => {
  const ctx = setupApp();
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('every leaver is deactivated and forfeited exactly once across the killed run and the retry', async () => {
    const COUNT = 300;
    await setSetting(ctx.app, 'leavers', { points: 'forfeit', keepDays: 90 });
    const { secret } = await integrationToken(ctx);
    await ctx.app.db.execute(sql`
      insert into members (employee_number, first_name, surname, email, cell_num, country, unit)
      select 'L' || g, 'Leaver', 'Number ' || g, 'leaver' || g || '@kill.test', '+27 82 555 0101', 'South Africa', 'AUD'
      from generate_series(1, ${COUNT}::int) g`);
    const ids = (
      await queryRows<{ id: number }>(
        ctx.app.db,
        sql`select id from members where employee_number like 'L%' order by id`,
      )
    ).map((r) => r.id);
    expect(ids).toHaveLength(COUNT);
    for (const id of ids) await fund(ctx.app, id, 40);

    const burst = ids.map((id) => ({
      method: 'PATCH',
      url: `/scim/v2/Users/${id}`,
      token: secret,
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
    }));
    dir = await mkdtemp(join(tmpdir(), 'leaver-burst-'));
    await writeFile(join(dir, 'burst.json'), JSON.stringify(burst));
    const left = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.app.db,
          sql`select count(*)::int as n from members where employee_number like 'L%' and not active`,
        )
      )[0]!.n;
    const url = ctx.app.database.pool!.options.connectionString!;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/support/run-request-burst.ts', url, join(dir, 'burst.json')],
      {
        cwd: serverDir,
        stdio: 'ignore',
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    for (let i = 0; i < 3000 && (await left()) < 30; i++) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const atKill = await left();
    expect(atKill).toBeGreaterThanOrEqual(30);
    expect(atKill).toBeLessThan(COUNT);

    // The directory sends the burst again: deactivated ones change nothing, the rest leave.
    for (let i = 0; i < burst.length; i += 20) {
      const answers = await Promise.all(
        burst.slice(i, i + 20).map((r) => scim(ctx, secret, 'PATCH', r.url.replace('/scim/v2', ''), r.body)),
      );
      expect(answers.map((x) => x.statusCode).every((c) => c === 200)).toBe(true);
    }
    const [row] = await queryRows<{ inactive: number; forfeits: number; forfeited: string; left: string }>(
      ctx.app.db,
      sql`select
        (select count(*)::int from members where employee_number like 'L%' and not active and left_at is not null) as inactive,
        (select count(*)::int from ledger_transactions t where t.kind = 'leaver_forfeit'
           and exists (select 1 from ledger_entries e join ledger_accounts a on a.id = e.account_id
                       join members m on m.id = a.member_id where e.transaction_id = t.id and m.employee_number like 'L%')) as forfeits,
        (select coalesce(-sum(e.amount), 0)::text from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
           join ledger_accounts a on a.id = e.account_id join members m on m.id = a.member_id
           where t.kind = 'leaver_forfeit' and m.employee_number like 'L%') as forfeited,
        (select coalesce(sum(a.balance), 0)::text from ledger_accounts a join members m on m.id = a.member_id
           where m.employee_number like 'L%') as left`,
    );
    expect(row).toEqual({ inactive: COUNT, forfeits: COUNT, forfeited: String(COUNT * 40), left: '0' });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  }, 180_000);
});
