import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newsEntries } from '../../db/schema/index.ts';

export async function findActiveNews(db: Db) {
  return db
    .select({ text: newsEntries.text })
    .from(newsEntries)
    .where(eq(newsEntries.active, true))
    .orderBy(asc(newsEntries.sort), asc(newsEntries.id));
}
