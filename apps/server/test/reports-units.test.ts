import { describe, expect, it } from 'vitest';
import { gini, reciprocalPairs } from '../src/modules/reports/equity.ts';
import {
  mondayOf,
  publishGroups,
  sundayOf,
  type GroupNode,
  type MoodCounts,
} from '../src/modules/reports/k-anonymity.ts';

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
