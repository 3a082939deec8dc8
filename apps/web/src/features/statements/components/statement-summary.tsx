import { FigureGrid } from '../../../components/figure-grid.tsx';
import type { StatementResponse } from '@ovation/shared/schemas/statements';
import { formatBalance, sumMovements } from './statement-format.ts';

/** Opening, in, out and closing for the period, as four figures above the table. */
export function StatementSummary({ statement, unit }: { statement: StatementResponse; unit: string }) {
  const { credits, debits } = sumMovements(statement.lines.map((l) => l.amount));
  const figures = [
    { label: 'Opening balance', value: formatBalance(statement.openingBalance), unit },
    { label: 'Credits', value: formatBalance(credits), unit },
    { label: 'Debits', value: formatBalance(debits), unit },
    { label: 'Closing balance', value: formatBalance(statement.closingBalance), unit },
  ];
  return <FigureGrid figures={figures} />;
}
