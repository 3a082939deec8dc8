/**
 * Gini coefficient of non-negative amounts: 0 when everyone has the same, towards 1 when one
 * holds everything. Zeros count (a member nobody recognised is part of the spread).
 */
export function gini(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((s, v) => s + v, 0);
  if (total === 0) return 0;
  let weighted = 0;
  sorted.forEach((v, i) => {
    weighted += (i + 1) * v;
  });
  return Math.round(((2 * weighted) / (n * total) - (n + 1) / n) * 1000) / 1000;
}

/** Both directions at least this often in the period before a pair can count as reciprocal. */
export const MIN_EACH_WAY = 3;

export interface PairCount {
  a: number;
  b: number;
  aName: string;
  bName: string;
  aToB: number;
  bToA: number;
  /** Everything a and b each gave in the period. */
  aGave: number;
  bGave: number;
}

/**
 * Pairs that recognise each other far more than anyone else: both directions at least
 * `minEach` times, and the pair's exchanges at least `minShare` of everything the two gave.
 */
export function reciprocalPairs(pairs: readonly PairCount[], minEach = MIN_EACH_WAY, minShare = 0.5, limit = 10) {
  return pairs
    .filter((p) => p.aToB >= minEach && p.bToA >= minEach)
    .map((p) => ({ ...p, share: Math.round(((p.aToB + p.bToA) / Math.max(1, p.aGave + p.bGave)) * 1000) / 1000 }))
    .filter((p) => p.share >= minShare)
    .sort((x, y) => y.share - x.share || y.aToB + y.bToA - (x.aToB + x.bToA))
    .slice(0, limit);
}
