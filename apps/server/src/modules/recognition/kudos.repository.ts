import type { Db } from '../../db/client.ts';
import { kudos } from '../../db/schema/index.ts';

export type NewKudos = typeof kudos.$inferInsert;

/** Kudos Thread items (one per recipient), written in the send's own transaction. */
export async function insertKudos(db: Db, rows: NewKudos[]): Promise<number[]> {
  const inserted = await db.insert(kudos).values(rows).returning({ id: kudos.id });
  return inserted.map((r) => r.id).sort((a, b) => a - b);
}
