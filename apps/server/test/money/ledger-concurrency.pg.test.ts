import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { memberAccountId, systemAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer, transferMany } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { isRetryable } from '../../src/lib/pg-errors.ts';
import { withRetry } from '../../src/db/with-retry.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { balancesOf, fund, newKey, relaxLimits, send } from '../support/ledger-factories.ts';

/**
 * Real concurrency, so PostgreSQL only: PGlite runs one transaction at a time, where naive
 * read-check-write code also passes (architecture.md §7) — these tests would prove nothing there.
 */
describe('ledger under concurrency (PostgreSQL)', () => {
  const ctx = setupApp();

  const totalOfAllMemberAccounts = async () => {
    const result = (await ctx.app.db.execute(
      sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts where member_id is not null`,
    )) as unknown as { rows: { total: string }[] };
    return Number(result.rows[0]!.total);
  };

  it('300 concurrent pay-it-forwards of 1 against a balance of 100: exactly 100 succeed', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const recipients = [await createMember(ctx.app), await createMember(ctx.app), await createMember(ctx.app)];
    await fund(ctx.app, member.id, 100);
    const before = await totalOfAllMemberAccounts();
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        send(ctx, '/api/payitforward/send', token, {
          toMemberId: recipients[i % 3]!.id,
          points: 1,
          message: `One ${i}`,
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 422)).toHaveLength(200);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(0);
    let received = 0;
    for (const r of recipients) received += (await balancesOf(ctx.app, r.id)).awardsPointsAvailable;
    expect(received).toBe(100);
    expect(await totalOfAllMemberAccounts()).toBe(before);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a storm of concurrent transfers in cycles (A→B→C→A) never deadlocks and conserves the total', async () => {
    const accounts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await createMember(ctx.app);
      await fund(ctx.app, m.id, 1000);
      accounts.push(await memberAccountId(ctx.app.db, m.id, 'points'));
    }
    const plays = await systemAccountId(ctx.app.db, 'plays_issuance');
    const issuance = await systemAccountId(ctx.app.db, 'issuance');
    const before = await totalOfAllMemberAccounts();
    let refused = 0;
    // Retried as the send runner would, but counted: the lock order (member accounts ascending,
    // then system accounts, all FOR NO KEY UPDATE) leaves nothing to retry (decision 0077).
    let retried = 0;
    const jobs = Array.from({ length: 400 }, async (_, i) => {
      const from = accounts[i % 3]!;
      const to = accounts[(i + 1) % 3]!;
      const third = accounts[(i + 2) % 3]!;
      const amount = 1 + (i % 37);
      // Legs deliberately listed in different orders; some touch all three accounts and two
      // system accounts, the worst case for lock ordering.
      const legs =
        i % 4 === 0
          ? [
              { accountId: third, amount: -amount },
              { accountId: to, amount: -amount },
              { accountId: from, amount: 2 * amount },
            ]
          : i % 4 === 1
            ? [
                { accountId: from, amount: -amount },
                { accountId: plays, amount: 1 },
                { accountId: issuance, amount: -1 },
                { accountId: to, amount },
              ]
            : [
                { accountId: to, amount },
                { accountId: from, amount: -amount },
              ];
      try {
        await withRetry(() =>
          ctx.app.db
            .transaction((tx) => transfer(tx, { kind: 'payitforward', legs }))
            .catch((error: unknown) => {
              if (isRetryable(error)) retried += 1;
              throw error;
            }),
        );
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        refused += 1;
      }
    });
    await Promise.all(jobs);
    expect(retried).toBe(0);
    expect(refused).toBeLessThan(400);
    expect(await totalOfAllMemberAccounts()).toBe(before);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  // ledger_post takes a call's member accounts one by one up to 16 legs and set-based above.
  it.each([
    ['of 6 legs (accounts one by one)', 0],
    ['of 20 legs (set-based)', 7],
  ])('concurrent many-transaction postings %s never overspend or double post, and sum to zero', async (_, extra) => {
    const spender = await createMember(ctx.app);
    const takers = [await createMember(ctx.app), await createMember(ctx.app)];
    await fund(ctx.app, spender.id, 60);
    const from = await memberAccountId(ctx.app.db, spender.id, 'points');
    const to = await Promise.all(takers.map((t) => memberAccountId(ctx.app.db, t.id, 'points')));
    const countTransactions = async () =>
      Number(
        (
          (await ctx.app.db.execute(sql`select count(*)::text as n from ledger_transactions`)) as unknown as {
            rows: { n: string }[];
          }
        ).rows[0]!.n,
      );
    const txBefore = await countTransactions();
    const before = await totalOfAllMemberAccounts();
    // Each batch is three ledger transactions in one call (and `extra` credits of 1): two spends of 4 from the same
    // balance (8 in all) and an issuance credit; 60 covers seven batches, not eight.
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        try {
          const posted = await withRetry(() =>
            ctx.app.db.transaction((tx) =>
              transferMany(tx, [
                {
                  kind: 'payitforward',
                  legs: [
                    { accountId: from, amount: -4 },
                    { accountId: to[0]!, amount: 4 },
                  ],
                },
                {
                  kind: 'issuance',
                  legs: [
                    { system: 'issuance', amount: -1 },
                    { accountId: to[i % 2]!, amount: 1 },
                  ],
                },
                {
                  kind: 'payitforward',
                  legs: [
                    { accountId: from, amount: -4 },
                    { accountId: to[1]!, amount: 4 },
                  ],
                },
                ...Array.from({ length: extra }, (_, j) => ({
                  kind: 'issuance' as const,
                  legs: [
                    { system: 'issuance' as const, amount: -1 },
                    { accountId: to[j % 2]!, amount: 1 },
                  ],
                })),
              ]),
            ),
          );
          return posted.transactionIds;
        } catch (error) {
          if (!(error instanceof InsufficientFundsError)) throw error;
          return null;
        }
      }),
    );
    const committed = outcomes.filter((ids): ids is number[] => ids !== null);
    expect(committed).toHaveLength(7);
    expect(new Set(committed.flat()).size).toBe(7 * (3 + extra));
    expect(await countTransactions()).toBe(txBefore + 7 * (3 + extra));
    expect((await balancesOf(ctx.app, spender.id)).awardsPointsAvailable).toBe(4);
    // Member accounts gained exactly the seven batches' issuance credits; every transaction sums to zero.
    expect(await totalOfAllMemberAccounts()).toBe(before + 7 * (1 + extra));
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a manager’s concurrent recognitions with points never overspend the team budget', async () => {
    await relaxLimits(ctx.app);
    const { createBehaviour } = await import('../support/ledger-factories.ts');
    const behaviour = await createBehaviour(ctx.app);
    const manager = await memberWithToken(ctx, { isManager: true });
    const team = [
      await createMember(ctx.app, { managerId: manager.member.id }),
      await createMember(ctx.app, { managerId: manager.member.id }),
    ];
    await fund(ctx.app, manager.member.id, 1000, 'team_budget');
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        send(ctx, '/api/recognition/send', manager.token, {
          toMemberIds: team.map((m) => m.id),
          behaviourId: behaviour.id,
          message: `Round ${i}`,
          points: 25,
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect((await balancesOf(ctx.app, manager.member.id)).awardsPointsAvailableMng).toBe(0);
    expect((await balancesOf(ctx.app, team[0]!.id)).awardsPointsAvailable).toBe(500);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('uses distinct idempotency keys as distinct requests', async () => {
    await relaxLimits(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 10);
    const res = await Promise.all(
      [1, 2].map(() =>
        send(ctx, '/api/payitforward/send', token, { toMemberId: other.id, points: 5, message: 'x' }, newKey()),
      ),
    );
    expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
  });
});
