import { describe, expect, it } from 'vitest';
import { parseDayMonthYear } from './day-input.tsx';

describe('parseDayMonthYear', () => {
  it('reads dd/mm/yyyy as an ISO date and refuses what is not a calendar date', () => {
    expect(parseDayMonthYear('05/03/2031')).toBe('2031-03-05');
    expect(parseDayMonthYear(' 5/3/2031 ')).toBe('2031-03-05');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('31/02/2031')).toBeNull();
    expect(parseDayMonthYear('2031-03-05')).toBeNull();
    expect(parseDayMonthYear('03/13/2031')).toBeNull();
  });
});
