import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/lib/rate-limiter.ts';

/** Issue 15 #5: the in-memory limiter stays bounded under attacker-chosen keys and never walks its whole map. */
describe('RateLimiter', () => {
  it('counts per key within the window and starts again after it', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.isLimited('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.isLimited('b')).toBe(false);
    now = 1000;
    expect(limiter.isLimited('a')).toBe(false);
    expect(limiter.hit('a')).toBe(true);
  });

  it('never holds more than maxKeys keys, however many an attacker sends', () => {
    const limiter = new RateLimiter(5, 60_000, () => 0, 1000);
    for (let i = 0; i < 100_000; i++) limiter.hit(`attacker-${i}`);
    expect(limiter.size).toBeLessThanOrEqual(1000);
    // The newest keys are still counted.
    for (let i = 0; i < 5; i++) limiter.hit('attacker-99999');
    expect(limiter.isLimited('attacker-99999')).toBe(true);
  });

  it('drops expired windows as time passes, without a full walk', () => {
    let now = 0;
    const limiter = new RateLimiter(5, 1000, () => now, 100_000);
    for (let i = 0; i < 50_000; i++) limiter.hit(`k${i}`);
    expect(limiter.size).toBe(50_000);
    now = 2000;
    limiter.hit('fresh');
    expect(limiter.size).toBe(1);
  });

  it('keeps its speed past 50,000 live keys (no map walk on every hit)', () => {
    const limiter = new RateLimiter(5, 3_600_000, Date.now, 200_000);
    for (let i = 0; i < 60_000; i++) limiter.hit(`warm-${i}`);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) limiter.hit(`hot-${i}`);
    // 20,000 hits walking 60,000+ entries each would take many seconds; bounded work takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('takes back a hit, and holds a key blocked from elsewhere until its window ends (bounded)', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 1000, () => now, 10);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.isLimited('a')).toBe(true);
    limiter.unhit('a');
    expect(limiter.isLimited('a')).toBe(false);
    limiter.block('b', 500);
    expect(limiter.isLimited('b')).toBe(true);
    for (let i = 0; i < 100; i++) limiter.block(`k${i}`, 900);
    expect(limiter.size).toBeLessThanOrEqual(10);
    expect(limiter.isLimited('k99')).toBe(true);
    now = 900;
    expect(limiter.isLimited('k99')).toBe(false);
  });
});
