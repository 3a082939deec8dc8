import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/lib/ttl-cache.ts';

describe('TtlCache', () => {
  const clock = () => {
    let now = 1_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('shares one load between concurrent callers and reloads after the TTL', async () => {
    const time = clock();
    const cache = new TtlCache<number>(100, time.now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    time.advance(99);
    expect(await cache.get('k', load)).toBe(1);
    time.advance(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not remember a failure, and forgets everything on clear', async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
    cache.clear();
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('keeps at most maxEntries keys, dropping the oldest first', async () => {
    const time = clock();
    const cache = new TtlCache<string>(60_000, time.now, 3);
    for (const key of ['a', 'b', 'c', 'd']) {
      await cache.get(key, async () => `${key}1`);
      time.advance(1);
    }
    expect(await cache.get('b', async () => 'b2')).toBe('b1');
    expect(await cache.get('d', async () => 'd2')).toBe('d1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });

  it('with a TTL of 0 loads every time', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });
});
