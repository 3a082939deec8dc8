import { describe, expect, it } from 'vitest';
import type { PrizeTableRow } from '@ovation/shared/schemas/game';
import { createRandom } from '../../src/seed/random.ts';
import {
  coveredPrizes,
  cryptoRandom,
  drawPrize,
  isPoolEmpty,
  prizeOdds,
  type RandomSource,
} from '../../src/modules/game/draw-prize.ts';
import { SETTING_DEFAULTS } from '../../src/core/settings/settings.repository.ts';

const TABLE = SETTING_DEFAULTS.gamePrizeTable.prizes;
const DRAWS = 100_000;
/** Chi-square critical values at p = 0.001 by degrees of freedom. */
const CHI2_0_001: Record<number, number> = { 1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467 };

const seeded = (seed: number): RandomSource => {
  const random = createRandom(seed);
  return (range) => Math.floor(random.next() * range);
};

/** Pearson's chi-square of `draws` draws against the weights of the prizes the pool covers. */
function chiSquare(prizes: readonly PrizeTableRow[], pool: number, random: RandomSource) {
  const counts = new Map<number, number>();
  for (let i = 0; i < DRAWS; i++) {
    const draw = drawPrize(prizes, pool, random)!;
    counts.set(draw.index, (counts.get(draw.index) ?? 0) + 1);
  }
  const eligible = coveredPrizes(prizes, pool);
  const total = eligible.reduce((s, e) => s + e.prize.weight, 0);
  let chi2 = 0;
  for (const { prize, index } of eligible) {
    const expected = (DRAWS * prize.weight) / total;
    chi2 += ((counts.get(index) ?? 0) - expected) ** 2 / expected;
  }
  return { chi2, df: eligible.length - 1, counts };
}

describe('drawPrize', () => {
  it('matches the prize table over 100,000 seeded draws (chi-square, p = 0.001)', () => {
    const { chi2, df, counts } = chiSquare(TABLE, 1_000_000, seeded(20_261_123));
    expect(df).toBe(4);
    expect(chi2).toBeLessThan(CHI2_0_001[df]!);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(DRAWS);
  });

  it('draws only the prizes the pool can cover, in proportion among themselves', () => {
    const { chi2, df, counts } = chiSquare(TABLE, 20, seeded(7));
    expect(df).toBe(2);
    expect(chi2).toBeLessThan(CHI2_0_001[df]!);
    // 25 and 100 Kudos are out of these draws.
    expect([...counts.keys()].sort()).toEqual([0, 1, 2]);
  });

  it('the bound has power: one random byte taken modulo the range (modulo bias) fails it', () => {
    const random = createRandom(99);
    const byteModulo: RandomSource = (range) => Math.floor(random.next() * 256) % range;
    const { chi2, df } = chiSquare(TABLE, 1_000_000, byteModulo);
    expect(chi2).toBeGreaterThan(CHI2_0_001[df]!);
  });

  it('maps the random value onto the cumulative weights, and records it', () => {
    const at = (value: number) => drawPrize(TABLE, 1_000, () => value)!;
    expect(at(0)).toMatchObject({ index: 0, randomValue: 0, randomRange: 100 });
    expect(at(49).index).toBe(0);
    expect(at(50).index).toBe(1);
    expect(at(74).index).toBe(1);
    expect(at(75).index).toBe(2);
    expect(at(89).index).toBe(2);
    expect(at(90).index).toBe(3);
    expect(at(96).index).toBe(3);
    expect(at(97).index).toBe(4);
    expect(at(99)).toMatchObject({ index: 4, prize: { label: '100 Kudos', points: 100 } });
  });

  it('refuses a random source that leaves its range', () => {
    expect(() => drawPrize(TABLE, 1_000, () => 100)).toThrow(/outside/);
    expect(() => drawPrize(TABLE, 1_000, () => -1)).toThrow(/outside/);
    expect(() => drawPrize(TABLE, 1_000, () => 0.5)).toThrow(/outside/);
  });

  it('gives no draw when the pool covers nothing; the pool is empty when no paying prize fits', () => {
    const paying = TABLE.filter((p) => p.points > 0);
    expect(drawPrize(paying, 4, cryptoRandom)).toBeNull();
    expect(isPoolEmpty(TABLE, 4)).toBe(true);
    expect(isPoolEmpty(TABLE, 5)).toBe(false);
    expect(isPoolEmpty([{ label: 'Nothing', points: 0, weight: 1 }], 0)).toBe(false);
  });

  it('draws with the crypto source by default, always inside the table', () => {
    for (let i = 0; i < 2_000; i++) {
      const draw = drawPrize(TABLE, 1_000)!;
      expect(draw.randomValue).toBeGreaterThanOrEqual(0);
      expect(draw.randomValue).toBeLessThan(100);
      expect(TABLE[draw.index]).toBe(draw.prize);
    }
    expect(cryptoRandom(1)).toBe(0);
  });
});

describe('prizeOdds', () => {
  it('publishes each prize as weight over total, summing to 1', () => {
    const odds = prizeOdds(TABLE);
    expect(odds.map((o) => o.odds)).toEqual([0.5, 0.25, 0.15, 0.07, 0.03]);
    expect(odds.reduce((s, o) => s + o.odds, 0)).toBeCloseTo(1, 12);
    expect(odds[0]).toEqual({ label: 'Better luck next time', points: 0, odds: 0.5, inDraw: true });
  });

  it('gives the odds the draw uses while a prize sits out: the others share its chance', () => {
    const odds = prizeOdds(TABLE, 60); // the 100 Kudos prize cannot be paid
    expect(odds.map((o) => o.inDraw)).toEqual([true, true, true, true, false]);
    expect(odds.at(-1)!.odds).toBe(0);
    expect(odds[0]!.odds).toBeCloseTo(0.5 / 0.97, 12);
    expect(odds.reduce((s, o) => s + o.odds, 0)).toBeCloseTo(1, 12);
    // A pool that pays nothing of value: nothing is drawn, and the whole table shows.
    expect(prizeOdds(TABLE, 0).map((o) => o.odds)).toEqual([0.5, 0.25, 0.15, 0.07, 0.03]);
  });
});
