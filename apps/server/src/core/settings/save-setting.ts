import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { settings } from '../../db/schema/index.ts';
import { audit } from '../audit/audit-log.repository.ts';
import type { AuditContext } from '../audit/audit-row.ts';
import { SETTING_DEFAULTS, type SettingKey, type SettingValues } from './settings.repository.ts';

/**
 * Saves a programme setting, audited with what it was before (issue 43): the row and its audit
 * row in one transaction, the previous value locked so two saves record each other's. Every
 * instance applies it at commit (the settings notice, decision 0094).
 */
export async function saveSetting<K extends SettingKey>(
  db: Db,
  context: AuditContext,
  key: K,
  value: SettingValues[K],
): Promise<SettingValues[K]> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
    const before = current ? current.value : SETTING_DEFAULTS[key];
    await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    await audit(tx, context, { action: 'settings.update', target: { kind: 'setting', id: key }, before, after: value });
    return value;
  });
}
