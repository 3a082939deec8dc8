import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { memberAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer, transferMany } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';
import { balancesOf, fund } from '../support/ledger-factories.ts';

/**
 * ledger_post's locks under real concurrency, without retries (decision 0077): the lock order
 * leaves no deadlock to retry, and a short debit waits for a credit holding its account.
 * PostgreSQL only: PGlite runs one transaction at a time.
 */
describe('ledger_post locks (PostgreSQL)', () => {
  const ctx = setupApp();

  // ledger_post's locks are FOR NO KEY UPDATE (decision 0077): two posts that wrote entries on the
  // same two system accounts each hold a key-share lock on both (the entries' foreign key), which
  // FOR UPDATE would wait for, each post for the other.
  it('posts between the same two system accounts at once, with no deadlock to retry', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, () =>
        ctx.app.db.transaction((tx) =>
          transfer(tx, {
            kind: 'issuance',
            legs: [
              { system: 'issuance', amount: -1 },
              { system: 'redemptions', amount: 1 },
            ],
          }),
        ),
      ),
    );
    expect(
      outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('sends sized both ways, at once on one balance, overspend nothing and meet no deadlock', async () => {
    const spender = await createMember(ctx.app);
    const taker = await createMember(ctx.app);
    await fund(ctx.app, spender.id, 40);
    const from = await memberAccountId(ctx.app.db, spender.id, 'points');
    const to = await memberAccountId(ctx.app.db, taker.id, 'points');
    // Each call spends 2; 40 covers twenty calls of the forty. Odd calls carry nine extra credits
    // to the taker, so they have 22 legs (set-based), even ones 4 (one account at a time).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ctx.app.db.transaction((tx) =>
          transferMany(tx, [
            {
              kind: 'payitforward',
              legs: [
                { accountId: from, amount: -1 },
                { accountId: to, amount: 1 },
              ],
            },
            {
              kind: 'payitforward',
              legs: [
                { accountId: from, amount: -1 },
                { accountId: to, amount: 1 },
              ],
            },
            ...Array.from({ length: i % 2 === 1 ? 9 : 0 }, () => ({
              kind: 'issuance' as const,
              legs: [
                { system: 'issuance' as const, amount: -1 },
                { accountId: to, amount: 1 },
              ],
            })),
          ]),
        ),
      ),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
    // Without retries: every refusal is the overdraft's, none a deadlock.
    expect(refused.filter((e) => !(e instanceof InsufficientFundsError)).map(String)).toEqual([]);
    expect(refused).toHaveLength(20);
    expect((await balancesOf(ctx.app, spender.id)).awardsPointsAvailable).toBe(0);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('a debit short by its snapshot succeeds when a credit that held the account commits while it waits', async () => {
    const spender = await createMember(ctx.app);
    const taker = await createMember(ctx.app);
    await fund(ctx.app, spender.id, 3);
    const from = await memberAccountId(ctx.app.db, spender.id, 'points');
    const to = await memberAccountId(ctx.app.db, taker.id, 'points');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let credited!: () => void;
    const creditWritten = new Promise<void>((resolve) => (credited = resolve));
    // The credit holds the account, uncommitted, until the gate opens.
    const credit = ctx.app.db.transaction(async (tx) => {
      await transfer(tx, {
        kind: 'issuance',
        legs: [
          { system: 'issuance', amount: -5 },
          { accountId: from, amount: 5 },
        ],
      });
      credited();
      await gate;
    });
    await creditWritten;
    // By its snapshot the spender has 3 of the 4 needed: it must wait for the credit's lock.
    const debit = ctx.app.db.transaction((tx) =>
      transfer(tx, {
        kind: 'payitforward',
        legs: [
          { accountId: from, amount: -4 },
          { accountId: to, amount: 4 },
        ],
      }),
    );
    await expect
      .poll(async () => {
        const { rows } = (await ctx.app.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      })
      .toBe(1);
    release();
    await credit;
    await expect(debit).resolves.toMatchObject({
      balances: new Map([
        [from, 4],
        [to, 4],
      ]),
    });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
