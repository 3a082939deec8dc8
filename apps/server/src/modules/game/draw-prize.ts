import { randomInt } from 'node:crypto';
import type { PrizeTableRow } from '@ovation/shared/schemas/game';

/** Gives an integer uniform in [0, range). Injected so tests can use a seeded source. */
export type RandomSource = (range: number) => number;

/** The default: Node's CSPRNG (rejection sampling, so no modulo bias). */
export const cryptoRandom: RandomSource = (range) => randomInt(range);

export interface Draw {
  prize: PrizeTableRow;
  /** The prize's index in the full table. */
  index: number;
  /** What the random source gave, in [0, randomRange). */
  randomValue: number;
  /** Total weight of the prizes in this draw. */
  randomRange: number;
}

/** The prizes a pool of `pool` points can pay; the others are out of this draw. */
export function coveredPrizes(prizes: readonly PrizeTableRow[], pool: number) {
  return prizes.map((prize, index) => ({ prize, index })).filter(({ prize }) => prize.points <= pool);
}

/** The table has prizes worth something and the pool can pay none of them: plays wait for a refill. */
export function isPoolEmpty(prizes: readonly PrizeTableRow[], pool: number): boolean {
  const paying = prizes.filter((p) => p.points > 0);
  return paying.length > 0 && paying.every((p) => p.points > pool);
}

/**
 * Draws one prize with probability weight / total weight, among the prizes the pool can cover
 * (docs/decisions/0021-game-board.md). Returns null when the pool covers none.
 */
export function drawPrize(prizes: readonly PrizeTableRow[], pool: number, random: RandomSource = cryptoRandom) {
  const eligible = coveredPrizes(prizes, pool);
  const randomRange = eligible.reduce((sum, { prize }) => sum + prize.weight, 0);
  if (randomRange === 0) return null;
  const randomValue = random(randomRange);
  if (!Number.isInteger(randomValue) || randomValue < 0 || randomValue >= randomRange) {
    throw new Error(`random source gave ${randomValue}, outside [0, ${randomRange})`);
  }
  let below = randomValue;
  for (const { prize, index } of eligible) {
    if (below < prize.weight) return { prize, index, randomValue, randomRange } satisfies Draw;
    below -= prize.weight;
  }
  throw new Error('unreachable: the weights cover the range');
}

/**
 * Each prize's odds as the draw uses them with `pool` points in the prize pool: its weight over
 * the weights of the prizes the pool can pay, 0 for the ones sitting out (sums to 1). While the
 * pool can pay no prize of value, nothing is drawn (plays wait) and the whole table's odds show.
 */
export function prizeOdds(prizes: readonly PrizeTableRow[], pool = Number.POSITIVE_INFINITY) {
  const inDraw = (p: PrizeTableRow) => isPoolEmpty(prizes, pool) || p.points <= pool;
  const total = prizes.reduce((sum, p) => sum + (inDraw(p) ? p.weight : 0), 0);
  return prizes.map((p) => ({
    label: p.label,
    points: p.points,
    odds: inDraw(p) ? p.weight / total : 0,
    inDraw: inDraw(p),
  }));
}
