import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { behaviours } from '../../db/schema/index.ts';

export function listActiveBehaviours(db: Db) {
  return db
    .select({ id: behaviours.id, name: behaviours.name, description: behaviours.description })
    .from(behaviours)
    .where(eq(behaviours.active, true))
    .orderBy(asc(behaviours.sort), asc(behaviours.name));
}
