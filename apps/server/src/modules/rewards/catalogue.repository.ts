import { and, asc, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogueSort } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import { rewardCategories, rewardPictures, rewards } from '../../db/schema/index.ts';

export type RewardRow = typeof rewards.$inferSelect;
export type NewReward = typeof rewards.$inferInsert;

export interface CatalogueFilter {
  categoryId?: number;
  q?: string;
  /** Only items costing at most this many points. */
  maxPoints?: number;
  includeWithdrawn?: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: CatalogueFilter): SQL[] {
  const where: SQL[] = [];
  if (!filter.includeWithdrawn) where.push(eq(rewards.active, true));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    where.push(or(ilike(rewards.name, pattern), ilike(rewards.description, pattern))!);
  }
  if (filter.maxPoints !== undefined) where.push(lte(rewards.pointsCost, filter.maxPoints));
  return where;
}

const ORDER: Record<CatalogueSort, SQL[]> = {
  points: [asc(rewards.pointsCost), asc(rewards.id)],
  name: [asc(rewards.name), asc(rewards.id)],
  newest: [desc(rewards.createdAt), desc(rewards.id)],
};

export async function listCategories(db: Db) {
  return db.select().from(rewardCategories).orderBy(asc(rewardCategories.sort), asc(rewardCategories.id));
}

/** One page of items, one more than asked so the caller knows whether there is more. */
export async function findCatalogueItems(
  db: Db,
  filter: CatalogueFilter,
  sort: CatalogueSort,
  limit: number,
  offset: number,
) {
  const where = conditions(filter);
  if (filter.categoryId !== undefined) where.push(eq(rewards.categoryId, filter.categoryId));
  return db
    .select()
    .from(rewards)
    .where(and(...where))
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);
}

export async function findReward(db: Db, rewardId: number) {
  const [row] = await db.select().from(rewards).where(eq(rewards.id, rewardId)).limit(1);
  return row;
}

export async function findRewards(db: Db, rewardIds: number[]) {
  if (rewardIds.length === 0) return [];
  return db.select().from(rewards).where(inArray(rewards.id, rewardIds));
}

export async function findCategoryBySlug(db: Db, slug: string) {
  const [row] = await db.select().from(rewardCategories).where(eq(rewardCategories.slug, slug)).limit(1);
  return row;
}

export async function findCategory(db: Db, id: number) {
  const [row] = await db.select().from(rewardCategories).where(eq(rewardCategories.id, id)).limit(1);
  return row;
}

export async function insertCategory(db: Db, category: typeof rewardCategories.$inferInsert) {
  const [row] = await db.insert(rewardCategories).values(category).returning();
  return row!;
}

export async function insertRewards(db: Db, rows: NewReward[]) {
  if (rows.length === 0) return [];
  return db.insert(rewards).values(rows).returning();
}

/** An edit's stock: moved by `delta` from what it is now (never below 0), or `ifUnlimited` when unlimited now. */
export const stockMovedBy = (delta: number, ifUnlimited: number): SQL =>
  sql`greatest(0, coalesce(${rewards.stockLeft} + ${delta}, ${ifUnlimited}))`;

/**
 * Saves an item's details; with `expectedUpdatedAt`, only if nobody saved them since (the admin
 * list answers `updatedAt` to the millisecond). Undefined when nothing was saved.
 */
export async function updateReward(
  db: Db,
  rewardId: number,
  changes: Omit<Partial<NewReward>, 'stockLeft'> & { stockLeft?: number | null | SQL },
  expectedUpdatedAt?: Date,
) {
  const [row] = await db
    .update(rewards)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(rewards.id, rewardId),
        expectedUpdatedAt
          ? sql`date_trunc('milliseconds', ${rewards.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning();
  return row;
}

/** A new picture: not an edit of the details, so a form opened before it still saves. */
export async function setRewardPicture(db: Db, rewardId: number, pictureId: string) {
  await db.update(rewards).set({ pictureId }).where(eq(rewards.id, rewardId));
}

/**
 * Takes `quantity` units if that many are left (a guarded update: concurrent checkouts queue on
 * the row and the loser sees what the winner left). Unlimited items always succeed. Returns the
 * row after the update, or undefined when not enough stock was left.
 */
export async function reserveStock(db: Db, rewardId: number, quantity: number) {
  const [row] = await db
    .update(rewards)
    .set({
      stockLeft: sql`case when ${rewards.stockLeft} is null then null else ${rewards.stockLeft} - ${quantity} end`,
    })
    .where(and(eq(rewards.id, rewardId), sql`(${rewards.stockLeft} is null or ${rewards.stockLeft} >= ${quantity})`))
    .returning({ id: rewards.id, stockLeft: rewards.stockLeft });
  return row;
}

/**
 * Checkout's reservation, as the guarded update of its check (`refuseUnlessWritten`): takes
 * `quantity` units only while the item is still offered at the price the member agreed to and
 * enough is left; returns no row otherwise (the caller reads why). SQL for a statement: it runs
 * only inside the checkout's transaction.
 */
export function reservationSql(rewardId: number, quantity: number, agreedPointsCost: number): SQL {
  return sql`update rewards
             set stock_left = case when stock_left is null then null else stock_left - ${quantity}::int end
             where id = ${rewardId}::int and active and points_cost = ${agreedPointsCost}::int
               and (stock_left is null or stock_left >= ${quantity}::int)
             returning id`;
}

/** Gives units back (refunds) or adds new ones (codes loaded); unlimited items stay unlimited. */
export async function restoreStock(db: Db, rewardId: number, quantity: number) {
  await db
    .update(rewards)
    .set({
      stockLeft: sql`case when ${rewards.stockLeft} is null then null else ${rewards.stockLeft} + ${quantity} end`,
    })
    .where(eq(rewards.id, rewardId));
}

export async function insertRewardPicture(db: Db, picture: typeof rewardPictures.$inferInsert) {
  await db.insert(rewardPictures).values(picture);
}

export async function insertRewardPictures(db: Db, pictures: (typeof rewardPictures.$inferInsert)[]) {
  if (pictures.length > 0) await db.insert(rewardPictures).values(pictures);
}

export async function findRewardPicture(db: Db, picId: string) {
  const [row] = await db.select().from(rewardPictures).where(eq(rewardPictures.picId, picId)).limit(1);
  return row;
}
