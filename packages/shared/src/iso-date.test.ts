import { describe, expect, it } from 'vitest';
import { isIsoDate, isoDate, isoDateText } from './iso-date.ts';

describe('isIsoDate', () => {
  it('takes real calendar days from 1900 to 2199', () => {
    for (const day of ['1900-01-01', '1970-01-01', '2000-02-29', '2024-02-29', '2026-12-31', '2199-12-31']) {
      expect(isIsoDate(day), day).toBe(true);
    }
  });

  it('refuses days the calendar does not have', () => {
    // 2000 is a leap year (divisible by 400); 2100 and 1900 are not (divisible by 100 only).
    for (const day of ['2100-02-29', '1900-02-29', '2023-02-29', '2026-02-30', '2026-04-31', '2026-13-01']) {
      expect(isIsoDate(day), day).toBe(false);
    }
    for (const day of ['2026-00-10', '2026-01-00', '2026-01-32']) expect(isIsoDate(day), day).toBe(false);
  });

  it('refuses the years before 1900 and after 2199', () => {
    for (const day of ['1899-12-31', '2200-01-01', '0000-01-01', '9999-12-31']) {
      expect(isIsoDate(day), day).toBe(false);
    }
  });

  it('refuses anything not written yyyy-MM-dd', () => {
    for (const day of ['', 'abc', '2026-1-05', '05/01/2026', ' 2026-01-05', '2026-01-05 ', '2026-01-05T00:00:00Z']) {
      expect(isIsoDate(day), day).toBe(false);
    }
  });
});

describe('the isoDate schema', () => {
  const schema = isoDate({ format: 'Opens: use yyyy-MM-dd', notADay: 'Opens is not a day' });
  const messages = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

  it('takes a real day in range', () => {
    expect(schema.parse('2000-02-29')).toBe('2000-02-29');
    expect(messages('2199-12-31')).toEqual([]);
  });

  it('says a day the calendar does not have is not a day', () => {
    expect(messages('2100-02-29')).toEqual(['Opens is not a day']);
    expect(messages('2026-13-01')).toEqual(['Opens is not a day']);
  });

  it('gives the format message, once, for another shape, another century or no string', () => {
    for (const value of ['1899-12-31', '2200-01-01', 'abc', '', 5, undefined, null]) {
      expect(messages(value), String(value)).toEqual(['Opens: use yyyy-MM-dd']);
    }
  });
});

describe('the isoDateText schema', () => {
  it('checks only how a query date is written (its handler checks the day)', () => {
    expect(isoDateText.safeParse('2026-02-30').success).toBe(true);
    expect(isoDateText.safeParse('1899-12-31').success).toBe(true);
    expect(isoDateText.safeParse('2026-2-3').error?.issues.map((i) => i.message)).toEqual(['Use yyyy-MM-dd']);
  });
});
