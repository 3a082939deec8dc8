import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { PrizeTable } from '@ovation/shared/schemas/game';
import type { LeaversSettings } from '@ovation/shared/schemas/integrations';
import type { ServiceAwardsSettings } from '@ovation/shared/schemas/milestones';
import { settings } from '../../db/schema/index.ts';

export const SETTING_DEFAULTS = {
  pointsName: 'Kudos' as string,
  clientTitle: 'Ovation' as string,
  /** Game plays each recipient of a recognition earns (ledger, issue 4). */
  playsPerRecognition: 1 as number,
  /** Game plays a member can earn per UTC day, from all recognitions together (decision 0043). */
  playsDailyCap: 10 as number,
  /** Points a member may pay forward per UTC day. */
  payItForwardDailyCap: 500 as number,
  /** Kudos (any kind) one member may send to the same colleague per UTC day. */
  pairDailyLimit: 5 as number,
  /** Sends (recognitions, High Fives, pay it forwards) per member per minute. */
  sendRateLimitPerMinute: 30 as number,
  /** The team budget the demo seed allocates to each manager. */
  teamBudgetPerManager: 5000 as number,
  /**
   * Whether members' birthdays and work anniversaries are hidden from Celebrations and the
   * birthday report until a member chooses otherwise on My Profile (POPIA; decision 0026).
   */
  hideCelebrationsByDefault: false as boolean,
  /** Caps on the Game Board (issue 10). */
  gameBoardCaps: 12 as number,
  /**
   * The Game Board's prize table: each prize's odds are its weight over the total (shown on the
   * game page and How it Works). Bump `version` on every change: each draw records the version.
   */
  gamePrizeTable: {
    version: 1,
    prizes: [
      { label: 'Better luck next time', points: 0, weight: 50 },
      { label: '5 Kudos', points: 5, weight: 25 },
      { label: '10 Kudos', points: 10, weight: 15 },
      { label: '25 Kudos', points: 25, weight: 7 },
      { label: '100 Kudos', points: 100, weight: 3 },
    ],
  } as PrizeTable,
  /**
   * Service milestones (decision 0108): the years and what each gives, what a point is worth in
   * rand for payroll, and how many days ahead the manager is told and the card opens.
   */
  serviceAwards: {
    enabled: true,
    milestones: [1, 3, 5, 10, 15, 20, 25, 30].map((years) => ({
      years,
      points: years * 100,
      form: 'points' as const,
      giftName: '',
      giftValueRand: 0,
    })),
    randPerPoint: 0.1,
    noticeDays: 30,
  } as ServiceAwardsSettings,
  /**
   * A leaver's points (decision 0111): kept 90 days (a returner finds them), then forfeited to
   * the firm. Their team budget always moves to their manager.
   */
  leavers: { points: 'keep', keepDays: 90 } as LeaversSettings,
  /**
   * How long the audit trail keeps its rows (decision 0113): seven years by default, what South
   * African and Kenyan record-keeping rules commonly ask of financial records.
   */
  auditRetentionDays: 2557 as number,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValues = typeof SETTING_DEFAULTS;

/** The settings named, from the rows stored (other keys' rows are ignored), or their defaults. */
export function withDefaults<K extends SettingKey>(keys: K[], rows: { key: string; value: unknown }[]) {
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = SETTING_DEFAULTS[key];
  for (const row of rows) if (row.key in result) result[row.key] = row.value;
  return result as Pick<SettingValues, K>;
}

/**
 * Reads programme settings, falling back to the defaults for any key not stored. Inside a
 * transaction and on cold paths; the hot ones read the instance's `ProgrammeSettings`.
 */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<typeof SETTING_DEFAULTS, K>> {
  return withDefaults(keys, await db.select().from(settings).where(inArray(settings.key, keys)));
}
