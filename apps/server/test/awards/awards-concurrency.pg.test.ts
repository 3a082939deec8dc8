import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { decide, fundedProgramme, nominateBody, programmeAccounts } from '../support/award-factories.ts';
import { createMember, login, memberWithToken } from '../support/factories.ts';
import { relaxLimits, send } from '../support/ledger-factories.ts';
import { setupTwoInstances } from '../support/two-instances.ts';

/**
 * Real concurrency, so PostgreSQL only (PGlite runs one transaction at a time): two instances,
 * each with its own pool, on one database.
 */
describe('award nominations under concurrency (PostgreSQL, two instances)', () => {
  const { a, b } = setupTwoInstances();
  const managerOnly = {
    approval: { manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null },
  };

  async function setting() {
    await relaxLimits(a.app, [b.app]);
    const { token: adminToken } = await memberWithToken(a, { roles: 'awards' });
    const manager = await createMember(a.app, { isManager: true });
    const nominees = await Promise.all(Array.from({ length: 5 }, () => createMember(a.app, { managerId: manager.id })));
    const nominator = await createMember(a.app, { managerId: manager.id });
    return {
      adminToken,
      nominees,
      managerToken: await login(a, manager.email!),
      nominatorToken: await login(b, nominator.email!),
    };
  }

  it('80 nominations at once against a budget for 50: exactly 50 are held, the budget never below zero', async () => {
    const s = await setting();
    const programme = await fundedProgramme(a, s.adminToken, 5000, managerOnly);
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        send(
          i % 2 ? a : b,
          '/api/awards/nominations',
          s.nominatorToken,
          nominateBody(programme.id, [s.nominees[i % 5]!.id]),
        ),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 422)).toHaveLength(30);
    expect(await programmeAccounts(a.app, programme.id)).toEqual({ budget: 0, held: 5000 });
    expect((await verifyLedger(a.app.db)).findings).toEqual([]);
  });

  it('50 nominations each approved twice and withdrawn at once, across instances: each settled exactly once', async () => {
    const s = await setting();
    const programme = await fundedProgramme(a, s.adminToken, 5000, managerOnly);
    const ids: number[] = [];
    for (let i = 0; i < 50; i += 10) {
      const nominees = s.nominees.map((n) => n.id);
      const two = await Promise.all([
        send(a, '/api/awards/nominations', s.nominatorToken, nominateBody(programme.id, nominees)),
        send(b, '/api/awards/nominations', s.nominatorToken, nominateBody(programme.id, nominees)),
      ]);
      for (const r of two) ids.push(...(r.json().nominationIds as number[]));
    }
    expect(ids).toHaveLength(50);
    const results = await Promise.all(
      ids.flatMap((id) => [
        decide(a, s.managerToken, id, { action: 'approve' }),
        decide(b, s.managerToken, id, { action: 'approve' }),
        send(id % 2 ? a : b, `/api/awards/nominations/${id}/withdraw`, s.nominatorToken, {}),
      ]),
    );
    // Per nomination: one of the three wins, the other two find it decided.
    for (let i = 0; i < ids.length; i++) {
      const codes = results.slice(i * 3, i * 3 + 3).map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 200),
        `nomination ${ids[i]}: ${codes.join(',')}`,
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(2);
    }
    const [row] = await queryRows<{ approved: number; withdrawn: number; paid: string; payments: number }>(
      a.app.db,
      sql`select count(*) filter (where status = 'approved')::int as approved,
                 count(*) filter (where status = 'withdrawn')::int as withdrawn,
                 (select coalesce(sum(e.amount), 0) from ledger_entries e join ledger_accounts ac on ac.id = e.account_id
                  join ledger_transactions t on t.id = e.transaction_id
                  where ac.member_id is not null and t.kind = 'award_payment'
                    and e.transaction_id in (select settled_transaction_id from award_nominations
                                             where programme_id = ${programme.id}))::text as paid,
                 (select count(*) from ledger_transactions t where t.kind = 'award_payment'
                    and t.id in (select settled_transaction_id from award_nominations where programme_id = ${programme.id}))::int
                   as payments
          from award_nominations where programme_id = ${programme.id}`,
    );
    expect(row!.approved + row!.withdrawn).toBe(50);
    expect(row!.payments).toBe(row!.approved);
    expect(Number(row!.paid)).toBe(row!.approved * 100);
    expect(await programmeAccounts(a.app, programme.id)).toEqual({ budget: row!.withdrawn * 100, held: 0 });
    const kudos = await queryRows<{ n: number }>(
      a.app.db,
      sql`select count(*)::int as n from kudos where kind = 'award'
          and id in (select kudos_id from award_nominations where programme_id = ${programme.id})`,
    );
    expect(kudos[0]!.n).toBe(row!.approved);
    expect((await verifyLedger(a.app.db)).findings).toEqual([]);
  });
});
