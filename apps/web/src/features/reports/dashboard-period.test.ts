import { describe, expect, it } from 'vitest';
import { defaultPeriod, periodProblem, readPeriod } from './dashboard-period.ts';

const NOW = Date.parse('2026-04-30T10:00:00Z');
const read = (query: string) => readPeriod(new URLSearchParams(query), NOW);

describe('the dashboard period in the address', () => {
  it('takes a valid period, and the server’s default for a missing end', () => {
    expect(defaultPeriod(NOW)).toEqual({ from: '2026-01-31', to: '2026-04-30' });
    expect(read('')).toEqual({ period: defaultPeriod(NOW), notice: null });
    expect(read('from=2026-01-01&to=2026-02-01')).toEqual({
      period: { from: '2026-01-01', to: '2026-02-01' },
      notice: null,
    });
    expect(read('to=2026-03-31').period).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(read('from=2026-04-01').period).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('shows the default with a notice for a period it cannot use', () => {
    expect(read('from=2026-05-01&to=2026-01-01')).toEqual({
      period: defaultPeriod(NOW),
      notice:
        'The period in the address (01/05/2026 to 01/01/2026) ends before it starts: showing the last 90 days instead.',
    });
    expect(read('from=2026-02-30').notice).toMatch(/^The period in the address is not a valid date/);
    expect(read('from=01/02/2026').notice).toMatch(/^The period in the address is not a valid date/);
    // The server's dates (1900 to 2199): a year it refuses is named here, not sent.
    expect(read('from=1899-12-31&to=1900-01-10').notice).toMatch(/^The period in the address is not a valid date/);
    expect(read('from=2024-01-01&to=2026-01-01').notice).toMatch(/longer than a year/);
  });

  it('says what is wrong with a period typed in the form', () => {
    expect(periodProblem({ from: '2026-02-01', to: '2026-01-01' })).toBe('The end is before the start');
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-03' })).toBe('Choose a period of at most a year');
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
  });
});
