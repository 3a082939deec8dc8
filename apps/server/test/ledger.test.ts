import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq, inArray, sql } from 'drizzle-orm';
import {
  emailOutbox,
  idempotencyKeys,
  kudos,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
} from '../src/db/schema/index.ts';
import { memberAccountId, systemAccountId } from '../src/modules/ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer, transferMany } from '../src/modules/ledger/transfer.ts';
import { verifyLedger } from '../src/modules/ledger/verify-ledger.ts';
import { setupApp } from './build-app.ts';
import { createMember, memberWithToken } from './factories.ts';
import { faultyTransactions, type Fault } from './faulty-db.ts';
import { balancesOf, fund, newKey, send } from './ledger-factories.ts';

// The send runner's database fails on demand (the failure test arms it); everything else is real.
const fault: Fault = { insertInto: null };
const ctx = setupApp(
  {},
  { services: (s) => ({ ...s, sends: { ...s.sends, transactions: faultyTransactions(s.sends.transactions, fault) } }) },
);

async function pointsAccounts(n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await memberAccountId(ctx.app.db, (await createMember(ctx.app)).id, 'points'));
  return ids;
}

async function cachedBalance(accountId: number) {
  const [row] = await ctx.app.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row!.balance;
}

describe('ledger transfer', () => {
  it('refuses legs that do not sum to zero, fractions and zero amounts', async () => {
    const [a, b] = await pointsAccounts(2);
    const attempt = (legs: { accountId: number; amount: number }[]) =>
      ctx.app.db.transaction((tx) => transfer(tx, { kind: 'issuance', legs }));
    await expect(
      attempt([
        { accountId: a!, amount: -1 },
        { accountId: b!, amount: 2 },
      ]),
    ).rejects.toThrow(/sum/);
    await expect(
      attempt([
        { accountId: a!, amount: -1.5 },
        { accountId: b!, amount: 1.5 },
      ]),
    ).rejects.toThrow(/integers/);
    await expect(
      attempt([
        { accountId: a!, amount: 0 },
        { accountId: b!, amount: 0 },
      ]),
    ).rejects.toThrow(/integers/);
    await expect(attempt([{ accountId: a!, amount: 1 }])).rejects.toThrow(/two legs/);
  });

  it('refuses an overspend in code and in the database', async () => {
    const [a, b] = await pointsAccounts(2);
    await expect(
      ctx.app.db.transaction((tx) =>
        transfer(tx, {
          kind: 'issuance',
          legs: [
            { accountId: a!, amount: -1 },
            { accountId: b!, amount: 1 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    // The CHECK constraint is the backstop even for code that skips transfer().
    await expect(
      ctx.app.db.update(ledgerAccounts).set({ balance: -1 }).where(eq(ledgerAccounts.id, a!)),
    ).rejects.toThrow();
  });

  it('names accounts by member and kind or by system kind, opening missing ones, in one call', async () => {
    const giver = await createMember(ctx.app);
    const taker = await createMember(ctx.app);
    await fund(ctx.app, giver.id, 30);
    const moved = await transfer(ctx.app.db, {
      kind: 'issuance',
      legs: [
        { member: { memberId: giver.id, kind: 'points' }, amount: -12, counterpartyMemberId: taker.id },
        { member: { memberId: taker.id, kind: 'points' }, amount: 12, counterpartyMemberId: giver.id },
      ],
    });
    const takerAccount = await memberAccountId(ctx.app.db, taker.id, 'points');
    expect(moved.legAccountIds).toEqual([await memberAccountId(ctx.app.db, giver.id, 'points'), takerAccount]);
    expect(moved.balances.get(takerAccount)).toBe(12);
    const plays = await transfer(ctx.app.db, {
      kind: 'issuance',
      legs: [
        { system: 'plays_issuance', amount: -2 },
        { member: { memberId: taker.id, kind: 'plays' }, amount: 2 },
      ],
    });
    expect(plays.legAccountIds[0]).toBe(await systemAccountId(ctx.app.db, 'plays_issuance'));
    expect(await balancesOf(ctx.app, taker.id)).toMatchObject({ awardsPointsAvailable: 12, awardsPointsAvailable1: 2 });
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('says which account was short, by how much, and writes nothing', async () => {
    const giver = await createMember(ctx.app);
    const taker = await createMember(ctx.app);
    await fund(ctx.app, giver.id, 5);
    const account = await memberAccountId(ctx.app.db, giver.id, 'points');
    const entriesBefore = (await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
    const error = await transfer(ctx.app.db, {
      kind: 'issuance',
      legs: [
        { member: { memberId: giver.id, kind: 'points' }, amount: -8 },
        { member: { memberId: taker.id, kind: 'points' }, amount: 8 },
      ],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect(error).toMatchObject({ accountId: account, balance: 5, needed: 8 });
    expect((await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(entriesBefore);
  });

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

  it('refuses unbalanced or empty postings in the database too, not only in code', async () => {
    const [a, b] = await pointsAccounts(2);
    const post = (payload: unknown) => ctx.app.db.execute(sql`select ledger_post(${JSON.stringify(payload)}::jsonb)`);
    await expect(post([])).rejects.toThrow();
    await expect(
      post([
        {
          kind: 'test',
          legs: [
            { a: a, n: 5, c: null },
            { a: b, n: -4, c: null },
          ],
        },
      ]),
    ).rejects.toThrow();
    await expect(
      post([
        {
          kind: 'test',
          legs: [
            { a: a, n: 0 },
            { a: b, n: 0 },
          ],
        },
      ]),
    ).rejects.toThrow();
    await expect(
      post([
        {
          kind: 'test',
          legs: [
            { a: 987654321, n: -1 },
            { a: b, n: 1 },
          ],
        },
      ]),
    ).rejects.toThrow();
  });

  it('keeps entries and transactions append-only', async () => {
    const member = await createMember(ctx.app);
    await fund(ctx.app, member.id, 10);
    const [entry] = await ctx.app.db.select().from(ledgerEntries).limit(1);
    await expect(
      ctx.app.db.update(ledgerEntries).set({ amount: 999 }).where(eq(ledgerEntries.id, entry!.id)),
    ).rejects.toThrow();
    await expect(ctx.app.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id))).rejects.toThrow();
    await expect(ctx.app.db.execute(sql`truncate ledger_entries cascade`)).rejects.toThrow();
    await expect(ctx.app.db.delete(ledgerTransactions)).rejects.toThrow();
  });

  it('leaves nothing written when a step fails after the entries (and the key can be retried)', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    await fund(ctx.app, member.id, 100);
    const tally = async () => ({
      entries: (await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n,
      transactions: (await ctx.app.db.select({ n: count() }).from(ledgerTransactions))[0]!.n,
      kudos: (await ctx.app.db.select({ n: count() }).from(kudos).where(eq(kudos.toMemberId, other.id)))[0]!.n,
    });
    const before = await tally();
    const key = newKey();
    // The outbox e-mail is written after the ledger entries and the Kudos Thread item: failing
    // there fails mid-send, and neither may remain.
    fault.insertInto = emailOutbox;
    try {
      const res = await send(
        ctx,
        '/api/payitforward/send',
        token,
        { toMemberId: other.id, points: 25, message: 'Boom' },
        key,
      );
      expect(res.statusCode).toBe(500);
    } finally {
      fault.insertInto = null;
    }
    expect(await tally()).toEqual(before);
    expect((await balancesOf(ctx.app, member.id)).awardsPointsAvailable).toBe(100);
    expect(await ctx.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const retry = await send(
      ctx,
      '/api/payitforward/send',
      token,
      { toMemberId: other.id, points: 25, message: 'Boom' },
      key,
    );
    expect(retry.statusCode).toBe(200);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('keeps its invariants over random sequences of transfers (property)', async () => {
    const accounts = await pointsAccounts(4);
    const issuance = await systemAccountId(ctx.app.db, 'issuance');
    const model = new Map<number, number>(accounts.map((id) => [id, 0]));
    for (const id of accounts) {
      await ctx.app.db.transaction((tx) =>
        transfer(tx, {
          kind: 'issuance',
          legs: [
            { accountId: issuance, amount: -50 },
            { accountId: id, amount: 50 },
          ],
        }),
      );
      model.set(id, 50);
    }
    const move = fc.record({
      from: fc.integer({ min: 0, max: 3 }),
      to: fc.integer({ min: 0, max: 3 }),
      amount: fc.integer({ min: 1, max: 80 }),
      split: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 8 }), async (moves) => {
        for (const m of moves) {
          if (m.from === m.to) continue;
          const from = accounts[m.from]!;
          const to = accounts[m.to]!;
          // Sometimes a three-leg transfer: the amount split between the receiver and issuance.
          const half = Math.floor(m.amount / 2);
          const legs =
            m.split && half > 0
              ? [
                  { accountId: from, amount: -m.amount },
                  { accountId: to, amount: half },
                  { accountId: issuance, amount: m.amount - half },
                ]
              : [
                  { accountId: from, amount: -m.amount },
                  { accountId: to, amount: m.amount },
                ];
          const affordable = model.get(from)! >= m.amount;
          const result = ctx.app.db.transaction((tx) => transfer(tx, { kind: 'issuance', legs }));
          if (affordable) {
            await result;
            model.set(from, model.get(from)! - m.amount);
            model.set(to, model.get(to)! + (legs.length === 3 ? half : m.amount));
          } else {
            await expect(result).rejects.toBeInstanceOf(InsufficientFundsError);
          }
        }
        const rows = await ctx.app.db.select().from(ledgerAccounts);
        for (const id of accounts) expect(Number(rows.find((r) => r.id === id)!.balance)).toBe(model.get(id));
        expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
