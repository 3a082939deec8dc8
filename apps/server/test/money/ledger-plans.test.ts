import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { memberAccountId, systemAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { transfer, transferMany, type TransferSpec } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';

/**
 * ledger_post runs its queries on generic plans (decision 0056): planned once per connection, not
 * at every call for the values of that call. A send's calls are small and a points upload's are
 * thousands of transactions, so the same cached plans must serve both.
 */
describe('ledger_post on generic plans', () => {
  const ctx = setupApp();

  it('is declared with plan_cache_mode = force_generic_plan', async () => {
    const { rows } = (await ctx.app.db.execute(
      sql`select proconfig from pg_proc where proname = 'ledger_post' and pronargs = 2`,
    )) as unknown as { rows: { proconfig: string[] | null }[] };
    expect(rows).toEqual([{ proconfig: ['plan_cache_mode=force_generic_plan'] }]);
  });

  it('posts a call of 1,500 transactions right on the plans its small calls cached', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => createMember(ctx.app)));
    const accounts = await Promise.all(members.map((m) => memberAccountId(ctx.app.db, m.id, 'points')));
    const issuance = await systemAccountId(ctx.app.db, 'issuance');
    await ctx.app.db.transaction(async (tx) => {
      // Small calls first, more than the plan cache's five custom plans, on one connection.
      for (const [i, account] of accounts.entries()) {
        await transfer(tx, {
          kind: 'issuance',
          legs: [
            { accountId: issuance, amount: -(100 + i) },
            { accountId: account, amount: 100 + i },
          ],
        });
      }
      // Then one large call: every member pays the next one i % 7 + 1 points, 1,500 times over.
      const specs: TransferSpec[] = Array.from({ length: 1_500 }, (_, i) => ({
        kind: 'payitforward',
        legs: [
          { member: { memberId: members[i % 40]!.id, kind: 'points' }, amount: -((i % 7) + 1) },
          { member: { memberId: members[(i + 1) % 40]!.id, kind: 'points' }, amount: (i % 7) + 1 },
        ],
      }));
      const posted = await transferMany(tx, specs);
      expect(posted.transactionIds).toHaveLength(1_500);
      expect(new Set(posted.transactionIds).size).toBe(1_500);
      expect(posted.legAccountIds).toHaveLength(3_000);
    });

    // What each member holds now, worked out here: funding, minus what they paid, plus what they got.
    const expected = accounts.map((_, m) => {
      let balance = 100 + m;
      for (let i = 0; i < 1_500; i++) {
        if (i % 40 === m) balance -= (i % 7) + 1;
        if ((i + 1) % 40 === m) balance += (i % 7) + 1;
      }
      return balance;
    });
    const { rows } = (await ctx.app.db.execute(
      sql`select id, balance::int as balance from ledger_accounts where id = any(${`{${accounts.join(',')}}`}::bigint[])`,
    )) as unknown as { rows: { id: number | string; balance: number }[] };
    const byId = new Map(rows.map((r) => [Number(r.id), r.balance]));
    expect(accounts.map((id) => byId.get(id))).toEqual(expected);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
