import { describe, expect, it } from 'vitest';
import { formatDate } from '@ovation/shared/format/date';
import { csvBatchWriter } from '../../src/modules/reports/csv-rows.ts';
import { wireValue } from '../../src/modules/reports/report-values.ts';
import { gini, reciprocalPairs } from '../../src/modules/reports/equity.ts';
import {
  mondayOf,
  publishGroups,
  sundayOf,
  type GroupNode,
  type MoodCounts,
} from '../../src/modules/reports/k-anonymity.ts';

const counts = (members: number): MoodCounts => ({ members, checkIns: members, happy: members, okay: 0, unhappy: 0 });

describe('gini', () => {
  it('is 0 for an even spread and for nothing at all', () => {
    expect(gini([3, 3, 3, 3])).toBe(0);
    expect(gini([0, 0])).toBe(0);
    expect(gini([])).toBe(0);
  });
  it('grows towards 1 as one member holds everything', () => {
    expect(gini([0, 0, 0, 10])).toBe(0.75);
    expect(gini([1, 2, 3, 4])).toBe(0.25);
  });
});

describe('reciprocalPairs', () => {
  const pair = (aToB: number, bToA: number, aGave: number, bGave: number) => ({
    a: 1,
    b: 2,
    aName: 'A',
    bName: 'B',
    aToB,
    bToA,
    aGave,
    bGave,
  });
  it('keeps pairs that mostly recognise each other, both ways', () => {
    expect(reciprocalPairs([pair(5, 4, 6, 5)])).toEqual([expect.objectContaining({ share: 0.818 })]);
  });
  it('drops one-way, rare, or widely spread givers', () => {
    expect(reciprocalPairs([pair(10, 1, 10, 1), pair(2, 2, 2, 2), pair(3, 3, 20, 20)])).toEqual([]);
  });
});

describe('publishGroups (k-anonymity)', () => {
  const nodes: GroupNode[] = [
    { key: 'root', name: 'Firm', level: 0, parentKey: null },
    { key: 'p', name: 'P', level: 1, parentKey: 'root' },
    { key: 'x', name: 'X', level: 2, parentKey: 'p' },
    { key: 'y', name: 'Y', level: 2, parentKey: 'p' },
  ];
  it('hides groups under 5 and parents whose remainder would be 1 to 4', () => {
    const out = publishGroups(
      nodes,
      new Map([
        ['x', counts(7)],
        ['y', counts(3)],
      ]),
    );
    expect(out.get('x')!.shown).toBe(true);
    expect(out.get('y')!.shown).toBe(false);
    expect(out.get('p')).toMatchObject({ shown: false, counts: { members: 10 } });
    expect(out.get('root')!.shown).toBe(false);
  });
  it('shows a parent when the hidden remainder is 5 or more', () => {
    const out = publishGroups(
      nodes,
      new Map([
        ['x', counts(7)],
        ['y', counts(4)],
        ['p', counts(1)],
      ]),
    );
    expect(out.get('p')).toMatchObject({ shown: true, counts: { members: 12 } });
    expect(out.get('root')!.shown).toBe(true);
  });
  it('shows a parent whose children are all shown', () => {
    const out = publishGroups(
      nodes,
      new Map([
        ['x', counts(5)],
        ['y', counts(5)],
      ]),
    );
    expect([out.get('x')!.shown, out.get('y')!.shown, out.get('p')!.shown]).toEqual([true, true, true]);
  });
});

describe('ISO weeks', () => {
  it('snaps any day to its Monday and Sunday (UTC)', () => {
    expect(mondayOf('2026-02-04')).toBe('2026-02-02');
    expect(mondayOf('2026-02-02')).toBe('2026-02-02');
    expect(mondayOf('2026-02-08')).toBe('2026-02-02');
    expect(sundayOf('2026-02-02')).toBe('2026-02-08');
  });
});

describe('CSV date-times', () => {
  // PostgreSQL's text for timestamptz values (the driver leaves them as text), in a UTC
  // session and in others, and a Date: each written as the wire value through formatDate.
  const texts = [
    '2026-11-23 17:03:25.123456+00',
    '2026-11-23 17:03:59.9999+00',
    '2026-11-30 23:59:59.999999+00',
    '2026-01-01 00:00:00+00',
    '2026-11-23 01:30:00+02',
    '2026-11-23 23:45:10.5+05:30',
    '2026-02-28 22:10:00-03',
    '0999-06-01 12:00:00+00',
  ];

  it('cuts a UTC timestamp’s digits exactly where parsing would have given the same', () => {
    const write = csvBatchWriter([{ key: 'at', title: 'When', type: 'datetime', sortable: true }]);
    const values = [...texts, new Date('2026-03-04T05:06:07.890Z')];
    const expected = values.map((v) => formatDate(String(wireValue('datetime', v)), 'dd/MM/yyyy HH:mm', 'UTC'));
    expect(write(values.map((at) => ({ at })))).toBe(expected.map((line) => `${line}\r\n`).join(''));
    expect(expected.slice(0, 5)).toEqual([
      '23/11/2026 17:03',
      '23/11/2026 17:03',
      '30/11/2026 23:59',
      '01/01/2026 00:00',
      '22/11/2026 23:30',
    ]);
  });

  it('quotes a text cell holding a semicolon or tab, so a spreadsheet splitting on them starts no formula (L6)', () => {
    const write = csvBatchWriter([
      { key: 'message', title: 'Message', type: 'text', sortable: false },
      { key: 'n', title: 'N', type: 'integer', sortable: true },
    ]);
    expect(
      write([
        { message: 'x;=HYPERLINK("http://evil","y")', n: 1 },
        { message: 'a\t=1+1', n: 2 },
      ]),
    ).toBe('"x;=HYPERLINK(""http://evil"",""y"")",1\r\n"a\t=1+1",2\r\n');
  });
});
