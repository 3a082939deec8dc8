import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export const SETTING_DEFAULTS = {
  pointsName: 'Kudos' as string,
  clientTitle: 'Ovation' as string,
  /** Game plays each recipient of a recognition earns (ledger, issue 4). */
  playsPerRecognition: 1 as number,
  /** Points a member may pay forward per UTC day. */
  payItForwardDailyCap: 500 as number,
  /** Kudos (any kind) one member may send to the same colleague per UTC day. */
  pairDailyLimit: 5 as number,
  /** Sends (recognitions, High Fives, pay it forwards) per member per minute. */
  sendRateLimitPerMinute: 30 as number,
  /** The team budget the demo seed allocates to each manager. */
  teamBudgetPerManager: 5000 as number,
};
export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** Reads programme settings, falling back to the defaults for any key not stored. */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<typeof SETTING_DEFAULTS, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = SETTING_DEFAULTS[key];
  for (const row of rows) result[row.key] = row.value;
  return result as Pick<typeof SETTING_DEFAULTS, K>;
}
