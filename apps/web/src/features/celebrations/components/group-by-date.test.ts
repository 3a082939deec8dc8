import { describe, expect, it } from 'vitest';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import { dayHeading, groupByDate, serverTodayKey } from './group-by-date.ts';

describe('celebration dates', () => {
  it("counts today as the server does: 01:00 in Johannesburg is still yesterday's UTC day", () => {
    expect(serverTodayKey(new Date('2026-11-29T01:00:00+02:00'))).toBe('2026-11-28');
    expect(serverTodayKey(new Date('2026-11-29T02:00:00+02:00'))).toBe('2026-11-29');
  });

  it('groups rows by date, dates ascending, and names each day', () => {
    const row = (dOBdate: string, memberId: string) => ({ dOBdate, memberId }) as unknown as CelebrationRow;
    const groups = groupByDate([row('2026-12-02', 'a'), row('2026-11-30', 'b'), row('2026-12-02', 'c')]);
    expect(groups.map((g) => [g.date, g.rows.map((r) => r.memberId)])).toEqual([
      ['2026-11-30', ['b']],
      ['2026-12-02', ['a', 'c']],
    ]);
    expect(dayHeading('2026-11-30')).toBe('Monday 30 November');
  });
});
