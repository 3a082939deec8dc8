import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { moodCheckins, moodDescriptions } from '../../db/schema/index.ts';

export async function findMoodDescriptions(db: Db) {
  return db
    .select({
      moodDescriptionId: moodDescriptions.id,
      description: moodDescriptions.description,
      value: moodDescriptions.value,
    })
    .from(moodDescriptions)
    .orderBy(asc(moodDescriptions.value), asc(moodDescriptions.id));
}

export async function findMood(db: Db, memberId: number, day: string) {
  const [row] = await db
    .select({ value: moodCheckins.value })
    .from(moodCheckins)
    .where(and(eq(moodCheckins.memberId, memberId), eq(moodCheckins.day, day)))
    .limit(1);
  return row;
}

/** One mood per member per day: a second choice the same day replaces the first. */
export async function upsertMood(db: Db, memberId: number, day: string, value: number) {
  await db
    .insert(moodCheckins)
    .values({ memberId, day, value })
    .onConflictDoUpdate({
      target: [moodCheckins.memberId, moodCheckins.day],
      set: { value, updatedAt: sql`now()` },
    });
}

export async function findMoodHistory(db: Db, memberId: number, from: string, to: string) {
  return db
    .select({ day: moodCheckins.day, value: moodCheckins.value })
    .from(moodCheckins)
    .where(and(eq(moodCheckins.memberId, memberId), between(moodCheckins.day, from, to)))
    .orderBy(asc(moodCheckins.day));
}
