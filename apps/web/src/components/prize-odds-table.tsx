import { Table } from '@mantine/core';
import type { GamePrize } from '@ovation/shared/schemas/game';
import { formatPoints } from '@ovation/shared/format/money';

/** 0.5 → '50%', 0.075 → '7.5%', 0.0025 → '0.25%'. */
export function formatOdds(odds: number): string {
  const percent = Math.round(odds * 1_000_000) / 10_000; // 0.07 * 100 is 7.000000000000001
  const digits = Number.isInteger(percent) ? 0 : percent >= 1 ? 1 : 2;
  return `${percent.toFixed(digits)}%`;
}

/** 0.25 → '1 in 4'; 0.07 → '1 in 14'. */
export function formatOneIn(odds: number): string {
  return odds > 0 ? `1 in ${formatPoints(Math.round(1 / odds))}` : 'never';
}

/**
 * The Game Board's prize table with each prize's chance of a play, from programme settings
 * (GET /api/game/board): shown on the game page and on How it Works.
 */
export function PrizeOddsTable({
  prizes,
  pointsName,
  caption,
}: {
  prizes: GamePrize[];
  pointsName: string;
  caption: string;
}) {
  return (
    <Table striped verticalSpacing="xs" fz="sm" data-testid="prize-odds">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left', color: 'var(--mantine-color-gray-7)' }}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Prize</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            {pointsName}
          </Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'right' }}>
            Chance per play
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {prizes.map((prize) => (
          <Table.Tr key={prize.label}>
            <Table.Th scope="row" fw={500}>
              {prize.label}
            </Table.Th>
            <Table.Td style={{ textAlign: 'right' }}>{formatPoints(prize.points)}</Table.Td>
            {prize.inDraw ? (
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatOdds(prize.odds)}{' '}
                <span style={{ color: 'var(--mantine-color-gray-7)' }}>({formatOneIn(prize.odds)})</span>
              </Table.Td>
            ) : (
              <Table.Td style={{ textAlign: 'right' }}>Not in the draw until the prize pool is refilled</Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
