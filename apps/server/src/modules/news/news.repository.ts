import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { newsEntries } from '../../db/schema/index.ts';

/** In the window now: active, started (or no start) and not ended (or no end). */
const current = () =>
  and(
    eq(newsEntries.active, true),
    or(isNull(newsEntries.showFrom), lte(newsEntries.showFrom, sql`now()`)),
    or(isNull(newsEntries.showUntil), gt(newsEntries.showUntil, sql`now()`)),
  );

/** The ticker: only what is current, in order. */
export async function findActiveNews(db: Db) {
  return db
    .select({ text: newsEntries.text })
    .from(newsEntries)
    .where(current())
    .orderBy(asc(newsEntries.sort), asc(newsEntries.id));
}

/** Every item an editor manages (scheduled and expired too), in ticker order. */
export async function listNewsItems(db: Db) {
  return db
    .select({
      id: newsEntries.id,
      text: newsEntries.text,
      showFrom: newsEntries.showFrom,
      showUntil: newsEntries.showUntil,
      current: sql<boolean>`coalesce(${current()}, false)`,
      updatedAt: newsEntries.updatedAt,
    })
    .from(newsEntries)
    .where(eq(newsEntries.active, true))
    .orderBy(asc(newsEntries.sort), asc(newsEntries.id));
}

export interface NewsValues {
  text: string;
  showFrom: Date | null;
  showUntil: Date | null;
}

/** A new item goes last. */
export async function insertNewsItem(db: Db, values: NewsValues): Promise<number> {
  const [row] = await db
    .insert(newsEntries)
    .values({
      ...values,
      sort: sql`(select coalesce(max(${newsEntries.sort}), 0) + 1 from ${newsEntries})`,
    })
    .returning({ id: newsEntries.id });
  return row!.id;
}

/**
 * Saves an item's text and window; with `expectedUpdatedAt`, only if nobody saved it since (the
 * list answers `updatedAt` to the millisecond). False when nothing was saved.
 */
export async function updateNewsItem(
  db: Db,
  id: number,
  values: NewsValues,
  expectedUpdatedAt?: Date,
): Promise<boolean> {
  const rows = await db
    .update(newsEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsEntries.id, id),
        eq(newsEntries.active, true),
        expectedUpdatedAt
          ? sql`date_trunc('milliseconds', ${newsEntries.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning({ id: newsEntries.id });
  return rows.length > 0;
}

/** An item's text and window as they are, locked until the transaction ends (what an edit or delete replaces). */
export async function lockNewsItem(db: Db, id: number) {
  const [row] = await db
    .select({ text: newsEntries.text, showFrom: newsEntries.showFrom, showUntil: newsEntries.showUntil })
    .from(newsEntries)
    .where(and(eq(newsEntries.id, id), eq(newsEntries.active, true)))
    .for('update');
  return row;
}

export async function newsItemExists(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: newsEntries.id })
    .from(newsEntries)
    .where(and(eq(newsEntries.id, id), eq(newsEntries.active, true)));
  return rows.length > 0;
}

export async function deleteNewsItem(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(newsEntries).where(eq(newsEntries.id, id)).returning({ id: newsEntries.id });
  return rows.length > 0;
}

/**
 * The active items' ids in ticker order, locked until the transaction ends: two reorders queue,
 * and the second reads the first one's order.
 */
export async function lockNewsOrder(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: newsEntries.id, sort: newsEntries.sort })
    .from(newsEntries)
    .where(eq(newsEntries.active, true))
    .orderBy(asc(newsEntries.id))
    .for('update');
  // Sorted here, from the values read under the lock (a queued reorder sees the new ones).
  return rows.sort((a, b) => a.sort - b.sort || a.id - b.id).map((r) => r.id);
}

/**
 * Positions 1..n in the order given (ids already checked to be exactly the active items). A move
 * leaves `updated_at`: it marks a change of text or window, which an open editor checks.
 */
export async function setNewsOrder(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id} then ${i + 1}`),
    sql` `,
  );
  await db
    .update(newsEntries)
    .set({ sort: sql`(case ${newsEntries.id} ${cases} end)::smallint` })
    .where(inArray(newsEntries.id, ids));
}
