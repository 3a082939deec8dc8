import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { emailOutbox, idempotencyKeys, kudos, ledgerEntries, ledgerTransactions } from '../../src/db/schema/index.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { faultyTransactions, type Fault } from '../support/faulty-db.ts';
import { balancesOf, fund, newKey, send } from '../support/ledger-factories.ts';
import { setupLedger } from '../support/ledger-setup.ts';

// The send runner's database fails on demand (the failure test arms it); everything else is real.
const fault: Fault = { insertInto: null };
const { ctx, pointsAccounts } = setupLedger({
  services: (s) => ({ ...s, sends: { ...s.sends, transactions: faultyTransactions(s.sends.transactions, fault) } }),
});

describe('ledger transfer', () => {
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
});
