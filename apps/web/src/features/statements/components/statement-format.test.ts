import { describe, expect, it } from 'vitest';
import { defaultRange, formatBalance, formatStatementAmount, sumMovements } from './statement-format.ts';

describe('statement amounts (spec §9 credit/debit variant)', () => {
  it('marks credits CR and debits DR, grouped by thousands with a space, no symbol or decimals', () => {
    expect(formatStatementAmount(250)).toBe('250 CR');
    expect(formatStatementAmount(-100)).toBe('100 DR');
    expect(formatStatementAmount(1250000)).toBe('1 250 000 CR');
    expect(formatStatementAmount(-12345)).toBe('12 345 DR');
    expect(formatStatementAmount(0)).toBe('0 CR');
  });

  it('shows balances as grouped points', () => {
    expect(formatBalance(0)).toBe('0');
    expect(formatBalance(15000)).toBe('15 000');
  });

  it('totals credits and debits separately', () => {
    expect(sumMovements([250, -100, 50, -25])).toEqual({ credits: 300, debits: 125 });
    expect(sumMovements([])).toEqual({ credits: 0, debits: 0 });
  });

  it('defaults to the last three months up to today', () => {
    expect(defaultRange(new Date(2031, 4, 17))).toEqual({ from: '2031-02-17', to: '2031-05-17' });
    // A start month shorter than today's day: its last day, not a day rolled into the next month.
    expect(defaultRange(new Date(2024, 4, 31))).toEqual({ from: '2024-02-29', to: '2024-05-31' });
    expect(defaultRange(new Date(2031, 11, 31))).toEqual({ from: '2031-09-30', to: '2031-12-31' });
    expect(defaultRange(new Date(2031, 1, 28))).toEqual({ from: '2030-11-28', to: '2031-02-28' });
  });
});
