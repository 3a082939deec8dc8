import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries } from '../../src/db/schema/index.ts';
import { memberAccountId, systemAccountId } from '../../src/core/ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer, transferMany } from '../../src/core/ledger/transfer.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { createMember } from '../support/factories.ts';
import { balancesOf, fund } from '../support/ledger-factories.ts';
import { setupLedger } from '../support/ledger-setup.ts';

const { ctx, pointsAccounts } = setupLedger();

/** The member who holds a points account. */
async function memberOf(accountId: number) {
  const [row] = await ctx.app.db
    .select({ memberId: ledgerAccounts.memberId })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.memberId;
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

  // ledger_post updates a call's member accounts one by one when it has at most 16 legs (every
  // send) and set-based when it has more (a points upload's chunk): both ways refuse alike.
  it.each([
    ['a send-sized call', 0],
    ['a call of more than 16 legs', 9],
  ])('in %s, refuses an account id that names no account, and a short account, writing nothing', async (_, extra) => {
    const [a, b] = await pointsAccounts(2);
    await fund(ctx.app, (await memberOf(a!))!, 3);
    const issuance = await systemAccountId(ctx.app.db, 'issuance');
    const padding = Array.from({ length: extra }, () => ({
      kind: 'issuance' as const,
      legs: [
        { accountId: issuance, amount: -1 },
        { accountId: b!, amount: 1 },
      ],
    }));
    const entriesBefore = (await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
    const post = (from: number, amount: number) =>
      transferMany(ctx.app.db, [
        ...padding,
        {
          kind: 'payitforward',
          legs: [
            { accountId: from, amount: -amount },
            { accountId: b!, amount },
          ],
        },
      ]);
    const unknown = await post(987_654_321, 1).catch((e: unknown) => e);
    // The entries' foreign key refuses it.
    expect((unknown as Error).cause).toMatchObject({ code: '23503' });
    const short = await post(a!, 4).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(InsufficientFundsError);
    expect(short).toMatchObject({ accountId: a, balance: 3, needed: 4 });
    expect((await ctx.app.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(entriesBefore);
    const posted = await post(a!, 3);
    expect(posted.balances.get(a!)).toBe(0);
    expect(posted.balances.get(b!)).toBe(3 + extra);
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

  it('gives the id ledger_next_id() reserved to the next posting’s first transaction, once', async () => {
    const [a, b] = await pointsAccounts(2);
    await fund(ctx.app, (await memberOf(a!))!, 10);
    const legs = [
      { accountId: a!, amount: -1 },
      { accountId: b!, amount: 1 },
    ];
    const ids = await ctx.app.db.transaction(async (tx) => {
      const [reserved] = await queryRows<{ id: string }>(tx, sql`select ledger_next_id() as id`);
      const first = await transferMany(tx, [
        { kind: 'issuance', legs },
        { kind: 'issuance', legs },
      ]);
      const second = await transfer(tx, { kind: 'issuance', legs });
      return { reserved: Number(reserved!.id), first: first.transactionIds, second: second.transactionId };
    });
    expect(ids.first[0]).toBe(ids.reserved);
    expect(ids.first[1]).toBeGreaterThan(ids.reserved);
    // Used up: the next posting draws its own.
    expect(ids.second).toBeGreaterThan(ids.first[1]!);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
