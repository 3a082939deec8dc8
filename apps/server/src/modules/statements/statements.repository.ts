import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { gameDraws, ledgerAccounts, ledgerEntries, ledgerTransactions, members } from '../../db/schema/index.ts';
import type { MemberAccountKind } from '../../core/ledger/accounts.repository.ts';

const counterparty = alias(members, 'cp');

export async function findAccountId(db: Db, memberId: number, kind: MemberAccountKind) {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.kind, kind)))
    .limit(1);
  return row?.id;
}

/** The sum of an account's entries before a moment (a statement's opening balance). */
export async function balanceBefore(db: Db, accountId: number, before: Date | null): Promise<number> {
  if (!before) return 0;
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), lt(ledgerEntries.createdAt, before)));
  return Number(row?.sum ?? 0);
}

/** An account's entries in [from, to), oldest first, with the transaction and counterparty. */
export function listEntries(db: Db, accountId: number, from: Date | null, to: Date | null) {
  return db
    .select({
      entryId: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      amount: ledgerEntries.amount,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      counterpartyFirstName: counterparty.firstName,
      counterpartySurname: counterparty.surname,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(counterparty, eq(counterparty.id, ledgerEntries.counterpartyMemberId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        from ? gte(ledgerEntries.createdAt, from) : undefined,
        to ? lt(ledgerEntries.createdAt, to) : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.id));
}
export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

/** What a member's Game Board plays won in [from, to): plays that won something, and their points. */
export async function gamePrizeTotals(db: Db, memberId: number, from: Date | null, to: Date | null) {
  const [row] = await db
    .select({
      points: sql<string>`coalesce(sum(${gameDraws.prizePoints}), 0)`,
      prizes: sql<string>`count(*) filter (where ${gameDraws.prizePoints} > 0)`,
    })
    .from(gameDraws)
    .where(
      and(
        eq(gameDraws.memberId, memberId),
        from ? gte(gameDraws.createdAt, from) : undefined,
        to ? lt(gameDraws.createdAt, to) : undefined,
      ),
    );
  return { prizesWon: Number(row?.prizes ?? 0), pointsWon: Number(row?.points ?? 0) };
}
