import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { members, profilePictures } from '../../db/schema/index.ts';

export async function insertPicture(db: Db, picture: typeof profilePictures.$inferInsert) {
  await db.insert(profilePictures).values(picture);
}

export async function findPicture(db: Db, picId: string) {
  const [row] = await db.select().from(profilePictures).where(eq(profilePictures.picId, picId)).limit(1);
  return row;
}

/** The current picture of an active member, if they have one. */
export async function findPictureOfMember(db: Db, memberId: number) {
  const [row] = await db
    .select({ contentType: profilePictures.contentType, data: profilePictures.data })
    .from(members)
    .innerJoin(profilePictures, eq(profilePictures.picId, members.picId))
    .where(and(eq(members.id, memberId), eq(members.active, true)))
    .limit(1);
  return row;
}

export async function deletePicture(db: Db, picId: string) {
  await db.delete(profilePictures).where(eq(profilePictures.picId, picId));
}
