import type { StatementKind, StatementQuery, StatementResponse } from '@ovation/shared/schemas/statements';
import { isIsoDate } from '@ovation/shared/iso-date';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import type { MemberAccountKind } from '../../core/ledger/accounts.repository.ts';
import { describeEntry } from './describe-entry.ts';
import { balanceBefore, findAccountId, gamePrizeTotals, listEntries } from './statements.repository.ts';

const ACCOUNT_KIND: Record<StatementKind, MemberAccountKind> = {
  points: 'points',
  plays: 'plays',
  'team-budget': 'team_budget',
};

/** A yyyy-MM-dd day as the UTC midnight that starts it; refuses days that do not exist or are out of range. */
function dayStart(value: string | undefined, field: string): Date | null {
  if (!value) return null;
  if (!isIsoDate(value)) throw fieldError(field, 'Choose a valid date');
  return new Date(`${value}T00:00:00Z`);
}

/** A statement of one of the member's accounts over inclusive UTC days, with running balance. */
export async function getStatement(
  db: Db,
  memberId: number,
  kind: StatementKind,
  query: StatementQuery,
): Promise<StatementResponse> {
  const from = dayStart(query.from, 'from');
  const toDay = dayStart(query.to, 'to');
  if (from && toDay && toDay < from) throw fieldError('to', 'The end date must be on or after the start date');
  const to = toDay ? new Date(toDay.getTime() + 86_400_000) : null;

  const accountId = await findAccountId(db, memberId, ACCOUNT_KIND[kind]);
  const [openingBalance, rows, draws] = await Promise.all([
    accountId === undefined ? 0 : balanceBefore(db, accountId, from),
    accountId === undefined ? [] : listEntries(db, accountId, from, to),
    kind === 'plays' ? gamePrizeTotals(db, memberId, from, to) : null,
  ]);
  let balance = openingBalance;
  const lines = rows.map((row) => {
    const amount = Number(row.amount);
    balance += amount;
    const counterparty = row.counterpartyFirstName ? `${row.counterpartyFirstName} ${row.counterpartySurname}` : '';
    return {
      entryId: row.entryId,
      transactionId: row.transactionId,
      date: row.createdAt.toISOString(),
      description: describeEntry(row.kind, amount, row.memo, counterparty),
      counterparty,
      amount,
      balance,
    };
  });
  if (!draws) return { openingBalance, closingBalance: balance, lines };
  // Plays statement: what the period's lines earned and used, and what the plays won (issue 10).
  const game = {
    playsEarned: lines.reduce((sum, l) => sum + (l.amount > 0 ? l.amount : 0), 0),
    playsUsed: lines.reduce((sum, l) => sum + (l.amount < 0 ? -l.amount : 0), 0),
    ...draws,
  };
  return { openingBalance, closingBalance: balance, lines, game };
}
