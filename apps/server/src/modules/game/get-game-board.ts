import type { GameBoardResponse } from '@ovation/shared/schemas/game';
import type { Db } from '../../db/db.ts';
import { readMemberBalances } from '../../core/ledger/accounts.repository.ts';
import { isPoolEmpty, prizeOdds } from './draw-prize.ts';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';
import { readGameSettings } from './game-settings.ts';
import { readPrizePool } from './game.repository.ts';

/** The member's board: plays left, the caps, the prize table with the draw's odds now and whether the pool is refilling. */
export async function getGameBoard(db: Db, programme: ProgrammeSettings, memberId: number): Promise<GameBoardResponse> {
  const [settings, balances, pool] = await Promise.all([
    readGameSettings(programme),
    readMemberBalances(db, memberId),
    readPrizePool(db),
  ]);
  return {
    playsAvailable: balances.awardsPointsAvailable1,
    caps: settings.caps,
    prizes: prizeOdds(settings.table.prizes, pool),
    poolEmpty: isPoolEmpty(settings.table.prizes, pool),
    playsPerRecognition: settings.playsPerRecognition,
    playsDailyCap: settings.playsDailyCap,
  };
}
