import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export const SETTING_DEFAULTS = {
  pointsName: 'Kudos',
  clientTitle: 'Ovation',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** Reads programme settings, falling back to the defaults for any key not stored. */
export async function readSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<typeof SETTING_DEFAULTS, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = SETTING_DEFAULTS[key];
  for (const row of rows) result[row.key] = row.value;
  return result as Pick<typeof SETTING_DEFAULTS, K>;
}
