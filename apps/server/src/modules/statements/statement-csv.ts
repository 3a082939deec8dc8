import { formatDate } from '@ovation/shared/format/date';
import type { StatementResponse } from '@ovation/shared/schemas/statements';
import { csvCell } from '../../lib/spreadsheet-cells.ts';

export { csvCell };

/**
 * The statement as CSV, as the screen shows it: a header row, the opening balance, the lines
 * (dd/MM/yyyy dates in UTC, integer amounts) and the closing balance. UTF-8 with a byte-order
 * mark, so a spreadsheet reads the × and — of the descriptions, as the reports' exports do.
 */
export function statementCsv(statement: StatementResponse): string {
  const rows: (string | number)[][] = [
    ['Date', 'Description', 'Counterparty', 'Amount', 'Balance'],
    ['', 'Opening balance', '', '', statement.openingBalance],
  ];
  for (const line of statement.lines) {
    rows.push([
      formatDate(line.date, 'dd/MM/yyyy', 'UTC'),
      line.description,
      line.counterparty,
      line.amount,
      line.balance,
    ]);
  }
  rows.push(['', 'Closing balance', '', '', statement.closingBalance]);
  return '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
