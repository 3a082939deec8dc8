import { formatDate } from '@ovation/shared/format/date';
import type { StatementResponse } from '@ovation/shared/schemas/statements';
import { csvCell } from '../../lib/spreadsheet-cells.ts';

export { csvCell };

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
