import type { Db } from '../../db/db.ts';
import { supportRequests } from '../../db/schema/index.ts';

export async function insertSupportRequest(db: Db, request: typeof supportRequests.$inferInsert) {
  const [row] = await db.insert(supportRequests).values(request).returning({ id: supportRequests.id });
  return row!.id;
}
