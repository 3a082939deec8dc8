import { describe, expect, it } from 'vitest';
import { monthRange, monthWeeks } from './month.ts';

describe('month helpers', () => {
  it('gives the first and last day of a month, leap years included', () => {
    expect(monthRange(2028, 1)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange(2026, 11)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('lays a month out in Monday-first weeks', () => {
    const weeks = monthWeeks(2026, 10); // November 2026 starts on a Sunday
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});
