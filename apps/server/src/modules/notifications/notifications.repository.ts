import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { kudos, members, notifications } from '../../db/schema/index.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

const actor = alias(members, 'actor');

/** The member's newest notifications with the actor's name. */
export async function listNotifications(db: Db, memberId: number, limit: number) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      actorFirstName: actor.firstName,
      actorSurname: actor.surname,
      messageLogId: notifications.messageLogId,
      points: notifications.points,
      reaction: notifications.reaction,
      orderId: notifications.orderId,
      orderStatus: notifications.orderStatus,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorMemberId))
    .where(eq(notifications.memberId, memberId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

export async function countUnread(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the member's own unread notifications among `ids` read; others' ids change nothing. */
export async function markRead(db: Db, memberId: number, ids: number[]) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.memberId, memberId), inArray(notifications.id, ids), isNull(notifications.readAt)));
}

/** Whether this member was already told about this reaction by this colleague to this item. */
export async function hasReactionNotification(
  db: Db,
  note: { recipientId: number; actorId: number; messageLogId: number; reaction: number },
) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.memberId, note.recipientId),
        eq(notifications.kind, 'reaction'),
        eq(notifications.actorMemberId, note.actorId),
        eq(notifications.messageLogId, note.messageLogId),
        eq(notifications.reaction, note.reaction),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** What a reaction e-mail says: the recipient's address and name, the colleague's name, the kudos. */
export async function findReactionMailFacts(
  db: Db,
  note: { recipientId: number; actorId: number; messageLogId: number },
) {
  const [row] = await db
    .select({
      email: members.email,
      firstName: members.firstName,
      actorName: sql<string>`(select first_name || ' ' || surname from members where id = ${note.actorId})`,
      message: kudos.message,
    })
    .from(kudos)
    .innerJoin(members, eq(members.id, kudos.toMemberId))
    .where(and(eq(kudos.id, note.messageLogId), eq(members.id, note.recipientId), eq(members.active, true)))
    .limit(1);
  return row;
}

/** The member an address belongs to (addresses are unique, case-insensitively), or null. */
export async function findMemberIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}
