import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { serverSecrets } from '../../db/schema/index.ts';

/** The stored secret of this name, created with `fresh` the first time (one value for every instance). */
export async function findOrCreateServerSecret(db: Db, name: string, fresh: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: fresh }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
