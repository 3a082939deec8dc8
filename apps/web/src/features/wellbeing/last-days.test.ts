import { afterEach, describe, expect, it } from 'vitest';
import { lastDaysRange } from './last-days.ts';

describe('lastDaysRange', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('counts 90 days back from today, today included', () => {
    expect(lastDaysRange(90, new Date('2026-11-28T12:00:00Z'))).toEqual({ from: '2026-08-31', to: '2026-11-28' });
    expect(lastDaysRange(1, new Date('2026-03-01T12:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });

  it("uses the firm's day (UTC): 01:00 in Nairobi is still the day before", () => {
    process.env.TZ = 'Africa/Nairobi'; // the browser's zone: the 1st of December, locally
    const now = new Date('2026-12-01T01:00:00+03:00');
    expect(now.getDate()).toBe(1);
    expect(lastDaysRange(90, now)).toEqual({ from: '2026-09-02', to: '2026-11-30' });
  });
});
