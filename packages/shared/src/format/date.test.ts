import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseServerDate } from './date.ts';

describe('dates (spec §9)', () => {
  it('formats a date-only value as dd/MM/yyyy without shifting the day', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
  });

  it('treats a server date-time without a zone as UTC', () => {
    expect(parseServerDate('2026-11-21T08:30:00')?.toISOString()).toBe('2026-11-21T08:30:00.000Z');
    expect(parseServerDate('2026-11-21 08:30:00')?.toISOString()).toBe('2026-11-21T08:30:00.000Z');
  });

  it('keeps an explicit zone', () => {
    expect(parseServerDate('2026-11-21T08:30:00+02:00')?.toISOString()).toBe('2026-11-21T06:30:00.000Z');
  });

  it('formats in UTC on request', () => {
    expect(formatDate('2026-11-21T23:30:00Z', 'dd/MM/yyyy HH:mm', 'UTC')).toBe('21/11/2026 23:30');
  });

  it('formats date-times in the local zone by default', () => {
    const d = new Date(2026, 0, 5, 7, 4);
    expect(formatDateTime(d)).toBe('05/01/2026 07:04');
  });

  it('shows seconds on request, on a 24-hour clock', () => {
    expect(formatDate(new Date(2026, 10, 27, 0, 43, 9), 'dd/MM/yyyy HH:mm:ss')).toBe('27/11/2026 00:43:09');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
