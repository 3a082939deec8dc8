import { describe, expect, it } from 'vitest';
import { formatCell } from './report-format.ts';
import { lastPage, readViewState, writeViewState, type ReportViewRules } from './report-url-state.ts';
import { withDefaultPeriod } from './report-default-period.ts';
import { pivot } from './components/report-chart.tsx';

describe('formatCell (spec §9)', () => {
  it('formats points, money, dates and empty cells', () => {
    expect(formatCell('points', 1234567)).toBe('1 234 567');
    expect(formatCell('money', 1234.5)).toBe('R 1 234.50');
    expect(formatCell('date', '2026-03-05')).toBe('05/03/2026');
    expect(formatCell('datetime', '2026-03-05T22:15:00.000Z')).toBe('05/03/2026 22:15');
    expect(formatCell('percent', 66.666)).toBe('66.7%');
    expect(formatCell('mood', 1.5)).toBe('1.50');
    expect(formatCell('text', null)).toBe('—');
    expect(formatCell('text', 'fewer than 5')).toBe('fewer than 5');
  });
});

describe('report URL state', () => {
  const column = (key: string, sortable = true) => ({ key, title: key, type: 'text' as const, sortable });
  const rules = (filters: ReportViewRules['filters']): ReportViewRules => ({
    filters,
    columns: [column('points'), column('member'), column('message', false)],
  });

  it('keeps only the filters the report offers, valid ids, dates and page sizes', () => {
    const params = new URLSearchParams(
      'from=2026-01-01&to=bad&division1=3&division2=x&country=Kenya&search=Ann&page=3&pageSize=50&sort=points&dir=desc',
    );
    expect(readViewState(params, rules(['from', 'to', 'division1', 'division2', 'search']))).toEqual({
      filters: { from: '2026-01-01', division1: 3, search: 'Ann' },
      page: 3,
      pageSize: 50,
      sort: { column: 'points', direction: 'desc' },
    });
    expect(readViewState(new URLSearchParams('pageSize=5000&page=-2'), rules([])).pageSize).toBe(25);
    expect(readViewState(new URLSearchParams('page=-2'), rules([])).page).toBe(1);
  });

  it('drops a sort the report does not allow, and a direction it does not know, before any request', () => {
    const read = (query: string) => readViewState(new URLSearchParams(query), rules([])).sort;
    expect(read('sort=nope&dir=desc')).toBeUndefined();
    expect(read('sort=message')).toBeUndefined();
    expect(read('sort=member&dir=sideways')).toEqual({ column: 'member', direction: 'asc' });
    expect(read('dir=desc')).toBeUndefined();
    expect(writeViewState(readViewState(new URLSearchParams('sort=nope&pageSize=7'), rules([]))).toString()).toBe('');
  });

  it('writes the state back without defaults', () => {
    const written = writeViewState({ filters: { search: 'Ann', division3: 7 }, page: 1, pageSize: 25 });
    expect(written.toString()).toBe('search=Ann&division3=7');
  });

  it('knows the last page there is', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });
});

describe('a report’s default period', () => {
  const now = new Date('2026-02-11T23:30:00Z');
  it('shows the Birthdays report’s month (UTC) where an end is missing, and leaves other reports alone', () => {
    expect(withDefaultPeriod('reportbirthdays', {}, now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(withDefaultPeriod('reportbirthdays', { from: '2026-02-10', search: 'Ann' }, now)).toEqual({
      from: '2026-02-10',
      to: '2026-02-28',
      search: 'Ann',
    });
    expect(withDefaultPeriod('reportbirthdays', { from: '2026-01-01', to: '2026-01-31' }, now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(withDefaultPeriod('reportpayitforward', {}, now)).toEqual({});
  });
});

describe('chart pivot', () => {
  it('makes one point per week with a value per group, hidden groups as gaps', () => {
    const { data, groups, hidden } = pivot(
      ['week', 'division', 'averageMood'],
      [
        ['2026-02-09', 'A', 1.5],
        ['2026-02-02', 'A', 1.2],
        ['2026-02-02', 'B', null],
        ['2026-02-09', 'B', 2],
      ],
      'week',
      'division',
      'averageMood',
      'date',
    );
    expect(groups).toEqual(['A', 'B']);
    expect(hidden).toEqual([]);
    expect(data).toEqual([
      { week: '02/02/2026', A: 1.2, B: null },
      { week: '09/02/2026', A: 1.5, B: 2 },
    ]);
  });

  it('leaves out of the lines a group hidden in every week, and names it', () => {
    const { data, groups, hidden } = pivot(
      ['week', 'division', 'averageMood'],
      [
        ['2026-02-02', 'Whole firm', 1.4],
        ['2026-02-02', 'Tax', null],
        ['2026-02-09', 'Whole firm', 1.6],
        ['2026-02-09', 'Tax', null],
      ],
      'week',
      'division',
      'averageMood',
      'date',
    );
    expect(groups).toEqual(['Whole firm']);
    expect(hidden).toEqual(['Tax']);
    expect(data).toEqual([
      { week: '02/02/2026', 'Whole firm': 1.4, Tax: null },
      { week: '09/02/2026', 'Whole firm': 1.6, Tax: null },
    ]);
  });
});
