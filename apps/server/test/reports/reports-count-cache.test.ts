import { describe, expect, it } from 'vitest';
import { CountCache } from '../../src/modules/reports/count-cache.ts';

/** The per-instance cache of report counts (decision 0045): recounts ahead, never serves an expired count. */
describe('CountCache', () => {
  function setup(ttl = 10_000) {
    let now = 0;
    const cache = new CountCache<number>(ttl, () => now);
    let loads = 0;
    const pending: ((value: number) => void)[] = [];
    const load = () => {
      loads += 1;
      return new Promise<number>((resolve) => pending.push(resolve));
    };
    return {
      cache,
      load,
      loads: () => loads,
      resolveNext: async (value: number) => {
        pending.shift()!(value);
        await new Promise((r) => setTimeout(r, 0));
      },
      at: (ms: number) => (now = ms),
    };
  }

  it('shares one count between concurrent callers and reuses it while fresh', async () => {
    const t = setup();
    const first = t.cache.get('k', t.load);
    const second = t.cache.get('k', t.load);
    await t.resolveNext(7);
    expect([await first, await second]).toEqual([7, 7]);
    t.at(4_000);
    expect(await t.cache.get('k', t.load)).toBe(7);
    expect(t.loads()).toBe(1);
  });

  it('past half its life, answers from the held count while one recount runs, then serves the new one', async () => {
    const t = setup();
    const first = t.cache.get('k', t.load);
    await t.resolveNext(7);
    await first;
    t.at(6_000);
    const during = await Promise.race([
      t.cache.get('k', t.load),
      new Promise((r) => setTimeout(() => r('waited'), 20)),
    ]);
    expect(during).toBe(7);
    expect(await t.cache.get('k', t.load)).toBe(7);
    expect(t.loads()).toBe(2);
    await t.resolveNext(8);
    t.at(7_000);
    expect(await t.cache.get('k', t.load)).toBe(8);
    // The recount started at 6 s, so it is served until 16 s and recounted from 11 s.
    t.at(15_999);
    expect(await t.cache.get('k', t.load)).toBe(8);
    expect(t.loads()).toBe(3);
  });

  it('never serves a count older than its time to live', async () => {
    const t = setup();
    const first = t.cache.get('k', t.load);
    await t.resolveNext(7);
    await first;
    t.at(10_000);
    const later = t.cache.get('k', t.load);
    expect(t.loads()).toBe(2);
    await t.resolveNext(9);
    expect(await later).toBe(9);
  });

  it('keeps the held count when a recount fails, and counts again after it expires', async () => {
    let now = 0;
    const cache = new CountCache<number>(10_000, () => now);
    expect(await cache.get('k', () => Promise.resolve(1))).toBe(1);
    now = 6_000;
    expect(await cache.get('k', () => Promise.reject(new Error('busy')))).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    now = 9_000;
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.get('k', () => Promise.resolve(3))).toBe(2);
    await expect(new CountCache<number>(0).get('k', () => Promise.reject(new Error('off')))).rejects.toThrow('off');
  });
});
