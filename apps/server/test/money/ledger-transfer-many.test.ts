import { describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../src/db/schema/index.ts';
import { systemAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { InsufficientFundsError, transferMany } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupLedger } from '../support/ledger-setup.ts';

const { ctx, pointsAccounts } = setupLedger();

async function cachedBalance(accountId: number) {
  const [row] = await ctx.app.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row!.balance;
}

describe('ledger transfer', () => {
  it('posts many transactions in one call, set-based: ids in input order, entries per transaction, balances once per account', async () => {
    const [a, b, c] = await pointsAccounts(3);
    const issuance = await systemAccountId(ctx.app.db, 'issuance');
    const issuanceBefore = await cachedBalance(issuance);
    const targets = [a!, b!, c!];
    const specs = Array.from({ length: 250 }, (_, i) => ({
      kind: 'upload' as const,
      memo: `Row ${i + 1}`,
      legs: [
        { system: 'issuance' as const, amount: -(i + 1) },
        { accountId: targets[i % 3]!, amount: i + 1 },
      ],
    }));
    // A transaction with three legs among the many, to show entries follow their own transaction.
    specs.push({
      kind: 'upload',
      memo: 'Split',
      legs: [
        { system: 'issuance', amount: -10 },
        { accountId: a!, amount: 4 },
        { accountId: b!, amount: 6 },
      ],
    });
    const posted = await transferMany(ctx.app.db, specs);
    expect(posted.transactionIds).toHaveLength(251);
    expect([...posted.transactionIds].sort((x, y) => x - y)).toEqual(posted.transactionIds);
    expect(new Set(posted.transactionIds).size).toBe(251);
    const rows = await ctx.app.db
      .select({ id: ledgerTransactions.id, memo: ledgerTransactions.memo })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.id, posted.transactionIds));
    const memoOf = new Map(rows.map((r) => [r.id, r.memo]));
    expect(posted.transactionIds.map((id) => memoOf.get(id))).toEqual(specs.map((s) => s.memo));
    const entries = await ctx.app.db
      .select({ tx: ledgerEntries.transactionId, account: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.transactionId, posted.transactionIds));
    expect(entries).toHaveLength(2 * 250 + 3);
    const split = entries.filter((e) => e.tx === posted.transactionIds[250]).map((e) => [e.account, e.amount]);
    expect(split.sort((x, y) => x[1]! - y[1]!)).toEqual([
      [issuance, -10],
      [a, 4],
      [b, 6],
    ]);
    const owed = (k: number) => specs.slice(0, 250).reduce((sum, _, i) => sum + (i % 3 === k ? i + 1 : 0), 0);
    expect(posted.balances.get(a!)).toBe(owed(0) + 4);
    expect(posted.balances.get(b!)).toBe(owed(1) + 6);
    expect(posted.balances.get(c!)).toBe(owed(2));
    const issuanceAfter = await cachedBalance(issuance);
    expect(issuanceAfter - issuanceBefore).toBe(-(owed(0) + owed(1) + owed(2) + 10));
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('refuses a whole batch when one of its transactions would overspend, writing none of it', async () => {
    const [a, b] = await pointsAccounts(2);
    await transferMany(ctx.app.db, [
      {
        kind: 'upload',
        legs: [
          { system: 'issuance', amount: -10 },
          { accountId: a!, amount: 10 },
        ],
      },
    ]);
    const entriesBefore = (await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
    const batch = [
      {
        kind: 'upload' as const,
        legs: [
          { system: 'issuance' as const, amount: -5 },
          { accountId: b!, amount: 5 },
        ],
      },
      // a pays 6 twice: each alone fits in 10, together they do not.
      {
        kind: 'payitforward' as const,
        legs: [
          { accountId: a!, amount: -6 },
          { accountId: b!, amount: 6 },
        ],
      },
      {
        kind: 'payitforward' as const,
        legs: [
          { accountId: a!, amount: -6 },
          { accountId: b!, amount: 6 },
        ],
      },
    ];
    const error = await transferMany(ctx.app.db, batch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({ accountId: a, balance: 10, needed: 12 });
    expect((await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(entriesBefore);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
