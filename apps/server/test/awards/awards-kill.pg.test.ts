import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { fundedProgramme, nominateBody, programmeAccounts } from '../support/award-factories.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, login, memberWithToken } from '../support/factories.ts';
import { relaxLimits, send } from '../support/ledger-factories.ts';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Two server processes (PostgreSQL: each its own pool) send the same burst of approvals and
 * withdrawals, in opposite orders, and are killed with SIGKILL mid-burst. The members' browsers
 * then send every request again with its Idempotency-Key, as they do after a dropped answer:
 * each nomination is settled exactly once (paid or released), a request that had committed
 * replays its answer, nothing is paid twice or lost, the ledger clean.
 */
describe('award decisions after kill -9 mid-burst (PostgreSQL, two processes)', () => {
  const ctx = setupApp();
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('each nomination is settled once, across two killed processes and the retries', async () => {
    const NOMINATIONS = 300;
    await relaxLimits(ctx.app);
    const { token: adminToken } = await memberWithToken(ctx, { roles: 'awards' });
    const manager = await createMember(ctx.app, { isManager: true });
    const nominees = await Promise.all(
      Array.from({ length: 5 }, () => createMember(ctx.app, { managerId: manager.id })),
    );
    const nominator = await createMember(ctx.app, { managerId: manager.id });
    const managerToken = await login(ctx, manager.email!);
    const nominatorToken = await login(ctx, nominator.email!);
    const programme = await fundedProgramme(ctx, adminToken, NOMINATIONS * 100, {
      approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
    });
    const ids: number[] = [];
    while (ids.length < NOMINATIONS) {
      const made = await send(
        ctx,
        '/api/awards/nominations',
        nominatorToken,
        nominateBody(
          programme.id,
          nominees.map((n) => n.id),
        ),
      );
      expect(made.statusCode).toBe(200);
      ids.push(...(made.json().nominationIds as number[]));
    }
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 0, held: NOMINATIONS * 100 });

    // Per nomination: the manager approves from two tabs, the nominator withdraws.
    const burst = ids.flatMap((id) => [
      {
        url: `/api/awards/nominations/${id}/decision`,
        token: managerToken,
        key: `approve-a-${id}`,
        body: { action: 'approve' },
      },
      {
        url: `/api/awards/nominations/${id}/decision`,
        token: managerToken,
        key: `approve-b-${id}`,
        body: { action: 'approve' },
      },
      { url: `/api/awards/nominations/${id}/withdraw`, token: nominatorToken, key: `withdraw-${id}`, body: {} },
    ]);
    dir = await mkdtemp(join(tmpdir(), 'award-burst-'));
    await writeFile(join(dir, 'forward.json'), JSON.stringify(burst));
    await writeFile(join(dir, 'backward.json'), JSON.stringify([...burst].reverse()));

    const settled = async () =>
      (
        await queryRows<{ n: number }>(
          ctx.app.db,
          sql`select count(*)::int as n from award_nominations
              where programme_id = ${programme.id} and status <> 'pending'`,
        )
      )[0]!.n;
    const url = ctx.app.database.pool!.options.connectionString!;
    const children = ['forward.json', 'backward.json'].map((file) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/support/run-request-burst.ts', url, join(dir, file)],
        {
          cwd: serverDir,
          stdio: 'ignore',
        },
      );
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      return { child, exited };
    });
    // Kill both once some are settled: mid-burst.
    for (let i = 0; i < 3000 && (await settled()) < 40; i++) await new Promise((r) => setTimeout(r, 20));
    for (const { child } of children) child.kill('SIGKILL');
    expect(await Promise.all(children.map((c) => c.exited))).toEqual(['SIGKILL', 'SIGKILL']);
    const atKill = await settled();
    expect(atKill).toBeGreaterThanOrEqual(40);
    expect(atKill).toBeLessThan(NOMINATIONS);

    // Every browser sends its request again with its key, 30 at a time.
    const codes: number[] = [];
    for (let i = 0; i < burst.length; i += 30) {
      const answers = await Promise.all(burst.slice(i, i + 30).map((r) => send(ctx, r.url, r.token, r.body, r.key)));
      codes.push(...answers.map((a) => a.statusCode));
    }
    for (let i = 0; i < ids.length; i++) {
      const three = codes.slice(i * 3, i * 3 + 3);
      // The winner (committed before the kill, replayed; or now) answers 200; the others 409.
      expect(
        three.filter((c) => c === 200),
        `nomination ${ids[i]}: ${three.join(',')}`,
      ).toHaveLength(1);
      expect(three.filter((c) => c === 409)).toHaveLength(2);
    }

    const [row] = await queryRows<{
      approved: number;
      withdrawn: number;
      paid: number;
      payments: number;
      kudos: number;
    }>(
      ctx.app.db,
      sql`select count(*) filter (where n.status = 'approved')::int as approved,
                 count(*) filter (where n.status = 'withdrawn')::int as withdrawn,
                 (select coalesce(sum(e.amount), 0)::int from ledger_entries e
                    join ledger_accounts ac on ac.id = e.account_id
                    join ledger_transactions t on t.id = e.transaction_id
                   where ac.member_id is not null and ac.kind = 'points' and t.kind = 'award_payment') as paid,
                 (select count(*)::int from ledger_transactions where kind = 'award_payment') as payments,
                 (select count(*)::int from kudos where kind = 'award') as kudos
          from award_nominations n where n.programme_id = ${programme.id}`,
    );
    expect(row!.approved + row!.withdrawn).toBe(NOMINATIONS);
    expect(row!.payments).toBe(row!.approved);
    expect(row!.kudos).toBe(row!.approved);
    expect(row!.paid).toBe(row!.approved * 100);
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: row!.withdrawn * 100, held: 0 });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  }, 180_000);
});
