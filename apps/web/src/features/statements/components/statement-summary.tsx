import { FigureGrid } from '../../../components/figure-grid.tsx';
import type { StatementResponse } from '@ovation/shared/schemas/statements';
import { formatBalance, sumMovements } from './statement-format.ts';

/**
 * Opening, in, out and closing for the period, as figures above the table; the game play
 * statement names them plays earned and used and adds what the plays won.
 */
export function StatementSummary({
  statement,
  unit,
  pointsName = 'Kudos',
}: {
  statement: StatementResponse;
  unit: string;
  /** The programme's points name, for what game plays won. */
  pointsName?: string;
}) {
  const { credits, debits } = sumMovements(statement.lines.map((l) => l.amount));
  // '1 play', not '1 plays' (the unit is plural as passed).
  const unitOf = (n: number) => (n === 1 && unit === 'plays' ? 'play' : unit);
  const { game } = statement;
  const figures = game
    ? [
        {
          label: 'Opening balance',
          value: formatBalance(statement.openingBalance),
          unit: unitOf(statement.openingBalance),
        },
        { label: 'Plays earned', value: formatBalance(game.playsEarned), unit: unitOf(game.playsEarned) },
        { label: 'Plays used', value: formatBalance(game.playsUsed), unit: unitOf(game.playsUsed) },
        {
          label: 'Closing balance',
          value: formatBalance(statement.closingBalance),
          unit: unitOf(statement.closingBalance),
        },
        { label: 'Prizes won', value: formatBalance(game.prizesWon) },
        { label: 'Won on the Game Board', value: formatBalance(game.pointsWon), unit: pointsName },
      ]
    : [
        { label: 'Opening balance', value: formatBalance(statement.openingBalance), unit },
        { label: 'Credits', value: formatBalance(credits), unit },
        { label: 'Debits', value: formatBalance(debits), unit },
        { label: 'Closing balance', value: formatBalance(statement.closingBalance), unit },
      ];
  return <FigureGrid figures={figures} />;
}
