import type { LedgerTransactionKind } from '@ovation/shared/vocabulary';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { ledgerEntries, ledgerTransactions } from '../db/schema/index.ts';

export interface SeedLeg {
  accountId: number;
  amount: number;
  counterpartyMemberId?: number | null;
}

export interface SeedTransaction {
  kind: LedgerTransactionKind;
  memo: string;
  actorMemberId: number | null;
  createdAt: Date;
  legs: SeedLeg[];
  /** Called with the new transaction id (e.g. to link a Kudos Thread item). */
  onId?: (id: number) => void;
}

/**
 * Builds the demo ledger history in memory and writes it in a few bulk statements (the seed
 * must stay fast). Every transaction must sum to zero and no member balance may dip below
 * zero at any point in time order; both are checked here, and `npm run ledger:verify` checks
 * the result.
 */
export class SeedLedger {
  private readonly transactions: SeedTransaction[] = [];

  add(tx: SeedTransaction) {
    if (tx.legs.reduce((sum, leg) => sum + leg.amount, 0) !== 0)
      throw new Error(`seed ${tx.kind}: legs do not sum to zero`);
    this.transactions.push(tx);
  }

  async write(db: Db, memberAccountIds: Set<number>) {
    const ordered = [...this.transactions].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const running = new Map<number, number>();
    for (const tx of ordered) {
      for (const leg of tx.legs) {
        const next = (running.get(leg.accountId) ?? 0) + leg.amount;
        if (memberAccountIds.has(leg.accountId) && next < 0)
          throw new Error(`seed ${tx.kind}: account ${leg.accountId} < 0`);
        running.set(leg.accountId, next);
      }
    }
    for (let start = 0; start < ordered.length; start += 500) {
      const chunk = ordered.slice(start, start + 500);
      const ids = await db
        .insert(ledgerTransactions)
        .values(
          chunk.map((t) => ({ kind: t.kind, memo: t.memo, actorMemberId: t.actorMemberId, createdAt: t.createdAt })),
        )
        .returning({ id: ledgerTransactions.id });
      const sortedIds = ids.map((r) => r.id).sort((a, b) => a - b);
      chunk.forEach((t, i) => t.onId?.(sortedIds[i]!));
      await db.insert(ledgerEntries).values(
        chunk.flatMap((t, i) =>
          t.legs.map((leg) => ({
            transactionId: sortedIds[i]!,
            accountId: leg.accountId,
            amount: leg.amount,
            counterpartyMemberId: leg.counterpartyMemberId ?? null,
            createdAt: t.createdAt,
          })),
        ),
      );
    }
    // Cached balances from the entries, in one statement.
    await db.execute(sql`
      update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount) as total from ledger_entries group by account_id) s
      where a.id = s.account_id`);
  }
}
