import { describe, expect, it } from 'vitest';
import { BatchedReader } from './batched-reader.ts';

describe('BatchedReader', () => {
  it('reads the keys asked for in one turn in one call, each caller getting its own key’s value', async () => {
    const calls: number[][] = [];
    const reader = new BatchedReader(async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * 10]));
    }, -1);
    const values = await Promise.all([reader.read(1), reader.read(2), reader.read(1), reader.read(3)]);
    expect(values).toEqual([10, 20, 10, -1]);
    expect(calls).toEqual([[1, 2, 3]]);
    // A later turn reads again: nothing is remembered.
    expect(await reader.read(1)).toBe(10);
    expect(calls).toEqual([[1, 2, 3], [1]]);
  });

  it('splits at maxKeys, and hands a failed read’s error to every caller of that batch', async () => {
    const calls: number[][] = [];
    const reader = new BatchedReader(
      async (keys: number[]) => {
        calls.push(keys);
        if (keys.includes(4)) throw new Error('read failed');
        return new Map(keys.map((k) => [k, k]));
      },
      0,
      2,
    );
    const results = await Promise.allSettled([1, 2, 3, 4].map((k) => reader.read(k)));
    expect(calls).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
  });
});
