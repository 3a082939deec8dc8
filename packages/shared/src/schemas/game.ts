import { z } from 'zod';
import { memberBalancesSchema } from './balances.ts';

/**
 * The Game Board (issue 10, South Africa): a board of face-down caps; a play flips one and the
 * server draws the prize from the programme's prize table (docs/decisions/0021-game-board.md).
 */

/** One row of the prize table kept in programme settings (`gamePrizeTable`). */
export const prizeTableRowSchema = z.object({
  label: z.string().trim().min(1).max(60),
  /** Kudos credited from the prize pool; 0 for "Better luck next time" (a draw stores it as an int). */
  points: z.number().int().min(0).max(2_147_483_647),
  /** Relative weight; a prize's odds are its weight over the table's total. */
  weight: z.number().int().min(1),
});
export type PrizeTableRow = z.infer<typeof prizeTableRowSchema>;

/** The prize table setting: a version (bumped on every change; draws record it) and its rows. */
export const prizeTableSchema = z.object({
  version: z.number().int().min(1),
  prizes: z
    .array(prizeTableRowSchema)
    .min(1)
    .max(20)
    // The draw picks among the total weight with crypto.randomInt, which takes less than 2^48.
    .refine((prizes) => prizes.reduce((sum, p) => sum + p.weight, 0) < 2 ** 48, 'The weights must total less than 2^48')
    // Prizes are told apart by their labels (on the board, the odds and the draws).
    .refine((prizes) => new Set(prizes.map((p) => p.label)).size === prizes.length, 'Each prize needs its own label'),
});
export type PrizeTable = z.infer<typeof prizeTableSchema>;

export const gamePrizeSchema = z.object({
  label: z.string(),
  points: z.number().int(),
  /**
   * Fraction 0–1 of plays that draw this prize now; sums to 1 over the prizes in the draw. A
   * prize the pool cannot pay sits out (`inDraw` false, odds 0) until the pool is refilled.
   */
  odds: z.number().min(0).max(1),
  inDraw: z.boolean(),
});
export type GamePrize = z.infer<typeof gamePrizeSchema>;

/** GET /api/game/board */
export const gameBoardResponseSchema = z.object({
  playsAvailable: z.number().int(),
  /** Caps on the board, numbered 1…caps. */
  caps: z.number().int().min(1),
  prizes: z.array(gamePrizeSchema),
  /** The prize pool cannot cover any prize: plays wait until it is refilled. */
  poolEmpty: z.boolean(),
  /** Plays each recipient earns per recognition (programme settings), for "how to earn plays". */
  playsPerRecognition: z.number().int(),
  /** The most plays a member can earn in a day (programme settings). */
  playsDailyCap: z.number().int(),
});
export type GameBoardResponse = z.infer<typeof gameBoardResponseSchema>;

/** POST /api/game/play (with an Idempotency-Key header). */
export const gamePlayRequestSchema = z.object({
  cap: z
    .number({ error: 'Choose a cap' })
    .int('Choose a cap')
    .min(1, 'Choose a cap on the board')
    .max(48, 'Choose a cap on the board'),
});
export type GamePlayRequest = z.input<typeof gamePlayRequestSchema>;

export const gamePlayResponseSchema = z.object({
  playId: z.number().int(),
  prize: z.object({ label: z.string(), points: z.number().int() }),
  playsAvailable: z.number().int(),
  balances: memberBalancesSchema,
});
export type GamePlayResponse = z.infer<typeof gamePlayResponseSchema>;
