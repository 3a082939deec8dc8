import { prizeTableSchema, type PrizeTable } from '@ovation/shared/schemas/game';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';

export interface GameSettings {
  caps: number;
  table: PrizeTable;
  playsPerRecognition: number;
  playsDailyCap: number;
  pointsName: string;
  /** Point-moving requests a member may make a minute, plays included (the send limit). */
  ratePerMinute: number;
}

/** The Game Board's programme settings; a malformed prize table is a configuration error (500), never a guess. */
export async function readGameSettings(settings: ProgrammeSettings): Promise<GameSettings> {
  const s = await settings.read([
    'gameBoardCaps',
    'gamePrizeTable',
    'playsPerRecognition',
    'playsDailyCap',
    'pointsName',
    'sendRateLimitPerMinute',
  ]);
  const table = prizeTableSchema.parse(s.gamePrizeTable);
  const caps = Number(s.gameBoardCaps);
  if (!Number.isInteger(caps) || caps < 1 || caps > 48) throw new Error(`gameBoardCaps ${s.gameBoardCaps} is not 1–48`);
  return {
    caps,
    table,
    playsPerRecognition: s.playsPerRecognition,
    playsDailyCap: s.playsDailyCap,
    pointsName: s.pointsName,
    ratePerMinute: s.sendRateLimitPerMinute,
  };
}
