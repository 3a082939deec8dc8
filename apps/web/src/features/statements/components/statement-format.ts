import { formatMoney, formatPoints } from '@ovation/shared/format/money';

/**
 * A statement amount in the credit/debit variant of spec §9, without a currency symbol and
 * without decimals (points and plays are whole numbers): '1 250 CR', '100 DR'. A suffix reads
 * clearly aloud and does not rely on colour or a minus sign.
 */
export function formatStatementAmount(amount: number): string {
  return formatMoney(amount, { noSymbol: true, decimals: 0, creditDebit: true });
}

/** Balances never go below zero; shown as plain grouped points. */
export function formatBalance(balance: number): string {
  return formatPoints(balance);
}

/** Totals of a period's credits and debits (both positive). */
export function sumMovements(amounts: readonly number[]): { credits: number; debits: number } {
  let credits = 0;
  let debits = 0;
  for (const a of amounts) {
    if (a >= 0) credits += a;
    else debits -= a;
  }
  return { credits, debits };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd of a local calendar day (the value a native date input uses). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The default period: the last three months up to today. The start keeps today's day of the
 * month, or the month's last day when it is shorter (31 May → 29 February, not 2 March).
 */
export function defaultRange(today = new Date()): { from: string; to: string } {
  const year = today.getFullYear();
  const month = today.getMonth() - 3;
  const lastDay = new Date(year, month + 1, 0).getDate();
  const from = new Date(year, month, Math.min(today.getDate(), lastDay));
  return { from: isoDay(from), to: isoDay(today) };
}
