import { formatDate } from '@ovation/shared/format/date';
import type { StatementResponse } from '@ovation/shared/schemas/statements';

/**
 * One CSV cell: quoted when it holds a quote, comma or line break; text starting with = + - @
 * (or a tab / carriage return) gets a leading apostrophe so spreadsheets never run it as a formula.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The statement as CSV: a header row, dd/MM/yyyy dates (UTC), integer amounts. */
export function statementCsv(statement: StatementResponse): string {
  const rows: (string | number)[][] = [['Date', 'Description', 'Counterparty', 'Amount', 'Balance']];
  for (const line of statement.lines) {
    rows.push([
      formatDate(line.date, 'dd/MM/yyyy', 'UTC'),
      line.description,
      line.counterparty,
      line.amount,
      line.balance,
    ]);
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
