import { describe, expect, it } from 'vitest';
import { formatMoney, formatPoints } from './money.ts';

describe('formatMoney (spec §9)', () => {
  it.each([
    [0, 'R 0.00'],
    [5, 'R 5.00'],
    [1234.5, 'R 1 234.50'],
    [1234567.891, 'R 1 234 567.89'],
    ['99.999', 'R 100.00'],
    [null, 'R 0.00'],
    [Number.NaN, 'R 0.00'],
    [-42.1, '-R 42.10'],
  ])('%s → %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it('adds a credit/debit suffix', () => {
    expect(formatMoney(1500, { creditDebit: true })).toBe('R 1 500.00 CR');
    expect(formatMoney(-1500, { creditDebit: true })).toBe('R 1 500.00 DR');
  });

  it('puts negatives in brackets', () => {
    expect(formatMoney(-2500.5, { bracketNegatives: true })).toBe('(R 2 500.50)');
    expect(formatMoney(2500.5, { bracketNegatives: true })).toBe('R 2 500.50');
  });

  it('omits the symbol', () => {
    expect(formatMoney(1234.5, { noSymbol: true })).toBe('1 234.50');
    expect(formatMoney(-3, { noSymbol: true, bracketNegatives: true })).toBe('(3.00)');
  });

  it('does not show a negative zero', () => {
    expect(formatMoney(-0.001)).toBe('R 0.00');
  });

  it('formats points as whole numbers with grouped thousands', () => {
    expect(formatPoints(12500)).toBe('12 500');
    expect(formatPoints(undefined)).toBe('0');
  });
});
