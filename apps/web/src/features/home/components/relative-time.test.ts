import { describe, expect, it } from 'vitest';
import { relativeTimeFromMins } from './relative-time.ts';

/** The wording the function stands in for (decision 0064). */
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const HOUR = 60;
const DAY = 24 * HOUR;

describe('relativeTimeFromMins', () => {
  it('says "just now" under a minute, and for nonsense', () => {
    expect(relativeTimeFromMins(0)).toBe('just now');
    expect(relativeTimeFromMins(0.9)).toBe('just now');
    expect(relativeTimeFromMins(-5)).toBe('just now');
    expect(relativeTimeFromMins(Number.NaN)).toBe('just now');
  });

  it('words every unit as Intl.RelativeTimeFormat does', () => {
    const cases: [number, number, Intl.RelativeTimeFormatUnit][] = [
      [1, 1, 'minute'],
      [2, 2, 'minute'],
      [59, 59, 'minute'],
      [HOUR, 1, 'hour'],
      [23 * HOUR + 59, 23, 'hour'],
      [DAY, 1, 'day'],
      [6 * DAY, 6, 'day'],
      [7 * DAY, 1, 'week'],
      [29 * DAY, 4, 'week'],
      [30 * DAY, 1, 'month'],
      [364 * DAY, 12, 'month'],
      [365 * DAY, 1, 'year'],
      [2 * 365 * DAY, 2, 'year'],
      [1234 * 365 * DAY, 1234, 'year'],
    ];
    for (const [mins, count, unit] of cases) {
      expect(relativeTimeFromMins(mins), `${mins} minutes`).toBe(rtf.format(-count, unit));
    }
  });

  it('reads "yesterday", "last week", "last month" and "last year" for one of those', () => {
    expect([DAY, 7 * DAY, 30 * DAY, 365 * DAY].map(relativeTimeFromMins)).toEqual([
      'yesterday',
      'last week',
      'last month',
      'last year',
    ]);
  });
});
