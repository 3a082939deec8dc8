import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestWrapper as wrapper } from '../test/test-wrapper.tsx';
import { formatOdds, formatOneIn, PrizeOddsTable } from './prize-odds-table.tsx';

describe('formatOdds / formatOneIn', () => {
  it('shows odds as a percentage and as 1 in N', () => {
    expect(formatOdds(0.5)).toBe('50%');
    expect(formatOdds(0.07)).toBe('7%');
    expect(formatOdds(0.075)).toBe('7.5%');
    expect(formatOdds(0.0025)).toBe('0.25%');
    expect(formatOdds(1)).toBe('100%');
    expect(formatOneIn(0.25)).toBe('1 in 4');
    expect(formatOneIn(0.03)).toBe('1 in 33');
    expect(formatOneIn(0)).toBe('never');
  });
});

describe('PrizeOddsTable', () => {
  it('lists every prize with its points and odds', () => {
    render(
      <PrizeOddsTable
        caption="Prizes"
        pointsName="Kudos"
        prizes={[
          { label: 'Better luck next time', points: 0, odds: 0.75, inDraw: true },
          { label: '1 000 Kudos', points: 1000, odds: 0.25, inDraw: true },
        ]}
      />,
      { wrapper },
    );
    const rows = within(screen.getByRole('table', { name: 'Prizes' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'PrizeKudosChance per play',
      'Better luck next time075% (1 in 1)',
      '1 000 Kudos1 00025% (1 in 4)',
    ]);
  });

  it('says which prizes sit out the draw while the pool cannot pay them', () => {
    render(
      <PrizeOddsTable
        caption="Prizes"
        pointsName="Kudos"
        prizes={[
          { label: 'Better luck next time', points: 0, odds: 1, inDraw: true },
          { label: '1 000 Kudos', points: 1000, odds: 0, inDraw: false },
        ]}
      />,
      { wrapper },
    );
    const rows = within(screen.getByRole('table', { name: 'Prizes' })).getAllByRole('row');
    expect(rows[2]!.textContent).toBe('1 000 Kudos1 000Not in the draw until the prize pool is refilled');
  });
});
