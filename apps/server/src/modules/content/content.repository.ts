import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { contentPages } from '../../db/schema/index.ts';

export async function findContentPage(db: Db, key: string) {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.key, key.toLowerCase())).limit(1);
  return row;
}

export async function upsertContentPage(
  db: Db,
  page: { key: string; title: string; content: string; audience: 'public' | 'members' },
) {
  const values = { ...page, key: page.key.toLowerCase(), updatedAt: new Date() };
  await db.insert(contentPages).values(values).onConflictDoUpdate({ target: contentPages.key, set: values });
}
