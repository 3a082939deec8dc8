import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

interface Item {
  n: number;
  keys: string[];
  group?: number;
}

/** A batcher whose batches wait for `release`, recording each batch's items. */
function recording(maxSize = 10, maxRunning = 1) {
  const batches: number[][] = [];
  const gates: Array<() => void> = [];
  const batcher = new Batcher<Item, number>({
    run: async (items) => {
      batches.push(items.map((i) => i.n));
      await new Promise<void>((resolve) => gates.push(resolve));
      return items.map((i) => (i.n < 0 ? { error: new Error(`refused ${i.n}`) } : { value: i.n * 10 }));
    },
    keysOf: (i) => i.keys,
    groupOf: (i) => i.group ?? 0,
    maxSize,
    maxRunning,
  });
  const release = async () => {
    await new Promise((r) => setImmediate(r));
    gates.splice(0).forEach((g) => g());
    await new Promise((r) => setImmediate(r));
  };
  return { batcher, batches, release };
}

describe('Batcher', () => {
  it('runs the first call alone at once and those arriving meanwhile together, each with its own answer', async () => {
    const { batcher, batches, release } = recording();
    const first = batcher.submit({ n: 1, keys: ['a'] });
    const rest = Promise.allSettled([2, -3, 4].map((n) => batcher.submit({ n, keys: [`k${n}`] })));
    expect(batches).toEqual([[1]]);
    expect(batcher.queued).toBe(3);
    await release();
    expect(await first).toBe(10);
    expect(batches).toEqual([[1], [2, -3, 4]]);
    await release();
    const settled = await rest;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      20,
      'refused -3',
      40,
    ]);
  });

  it('never puts two calls whose keys meet in one batch, nor runs one while another holding its key runs', async () => {
    const { batcher, batches, release } = recording(10, 2);
    const calls = [
      batcher.submit({ n: 1, keys: ['a'] }),
      batcher.submit({ n: 2, keys: ['b'] }),
      // Both running batches are busy: these wait; 3 meets 1's key, 5 meets 3's, 4 and 6 are free.
      batcher.submit({ n: 3, keys: ['a', 'c'] }),
      batcher.submit({ n: 4, keys: ['d'] }),
      batcher.submit({ n: 5, keys: ['c'] }),
      batcher.submit({ n: 6, keys: ['e'] }),
    ];
    expect(batches).toEqual([[1], [2]]);
    await release();
    await release();
    await release();
    await Promise.all(calls);
    // 3 waits for 1; 5 for 3 (still waiting when the batch was taken); 4 and 6 go with 3.
    expect(batches.slice(2)).toEqual([[3, 4, 6], [5]]);
  });

  it('keeps groups apart and batches at most maxSize', async () => {
    const { batcher, batches, release } = recording(2);
    const calls = [
      batcher.submit({ n: 1, keys: ['a'] }),
      batcher.submit({ n: 2, keys: ['b'], group: 7 }),
      batcher.submit({ n: 3, keys: ['c'] }),
      batcher.submit({ n: 4, keys: ['d'] }),
      batcher.submit({ n: 5, keys: ['e'] }),
    ];
    for (let i = 0; i < 4; i++) await release();
    await Promise.all(calls);
    // The oldest waiting call's group goes first.
    expect(batches).toEqual([[1], [2], [3, 4], [5]]);
  });

  it('hands a batch’s failure to each of its calls and goes on with the next', async () => {
    let fail = true;
    const batcher = new Batcher<Item, number>({
      run: async (items) => {
        if (fail) {
          fail = false;
          throw new Error('database gone');
        }
        return items.map((i) => ({ value: i.n }));
      },
      keysOf: (i) => i.keys,
      groupOf: () => 0,
      maxSize: 10,
      maxRunning: 1,
    });
    const first = batcher.submit({ n: 1, keys: ['a'] });
    const second = batcher.submit({ n: 2, keys: ['b'] });
    await expect(first).rejects.toThrow('database gone');
    expect(await second).toBe(2);
  });
});
