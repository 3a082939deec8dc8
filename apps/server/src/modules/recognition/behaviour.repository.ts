import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { behaviours } from '../../db/schema/index.ts';

/** A behaviour members can still be recognised for. */
export async function findActiveBehaviour(db: Db, id: number) {
  const [row] = await db
    .select({ id: behaviours.id, name: behaviours.name })
    .from(behaviours)
    .where(and(eq(behaviours.id, id), eq(behaviours.active, true)))
    .limit(1);
  return row;
}
