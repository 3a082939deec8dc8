import { describe, expect, it } from 'vitest';
import { prizeTableSchema } from './game.ts';

describe('the prize table setting', () => {
  const row = (label: string, points: number, weight: number) => ({ label, points, weight });

  it('takes a table the draw can use', () => {
    expect(prizeTableSchema.safeParse({ version: 1, prizes: [row('Nothing', 0, 3), row('Ten', 10, 1)] }).success).toBe(
      true,
    );
  });

  it('refuses what would fail only when someone plays', () => {
    const refused = (prizes: ReturnType<typeof row>[]) => !prizeTableSchema.safeParse({ version: 1, prizes }).success;
    // A prize the draw row cannot store (an int).
    expect(refused([row('Huge', 2 ** 31, 1)])).toBe(true);
    // Weights crypto.randomInt cannot draw among.
    expect(refused([row('A', 1, 2 ** 47), row('B', 2, 2 ** 47)])).toBe(true);
    // Two prizes the board and the draws could not tell apart.
    expect(refused([row('Ten', 10, 1), row('Ten', 20, 1)])).toBe(true);
  });
});
