import type { GameBoardResponse } from '@ovation/shared/schemas/game';

/** A Game Board answer: two plays left, twelve caps, an even two-prize table. */
export const BOARD: GameBoardResponse = {
  playsAvailable: 2,
  caps: 12,
  prizes: [
    { label: 'Better luck next time', points: 0, odds: 0.5, inDraw: true },
    { label: '10 Kudos', points: 10, odds: 0.5, inDraw: true },
  ],
  poolEmpty: false,
  playsPerRecognition: 1,
  playsDailyCap: 10,
};
