import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { members, notifications } from '../../db/schema/index.ts';
import { queryRows, toNumber } from '../../lib/sql-rows.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

const actor = alias(members, 'actor');

/**
 * The member's newest notifications with the actor's name, each row carrying the member's unread
 * count: one statement, so the count and the list are one snapshot (no member's bell counts an
 * item its list does not show yet). No rows: no notifications, so none unread.
 */
export async function listNotifications(db: Db, memberId: number, limit: number) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      actorFirstName: actor.firstName,
      actorSurname: actor.surname,
      messageLogId: notifications.messageLogId,
      points: notifications.points,
      teamPoints: notifications.teamPoints,
      reaction: notifications.reaction,
      orderId: notifications.orderId,
      orderStatus: notifications.orderStatus,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      unread: sql<number>`(select count(*) from notifications u where u.member_id = ${memberId} and u.read_at is null)::int`,
    })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorMemberId))
    .where(eq(notifications.memberId, memberId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** Which of a member's notifications to mark read: these ids, or all of theirs up to `upToId` if given. */
export type MarkReadSelection = { ids: number[] } | { all: true; upToId?: number };

/** Marks the member's own unread notifications read, as `which` says; others' ids change nothing. */
export async function markRead(db: Db, memberId: number, which: MarkReadSelection) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.memberId, memberId),
        'ids' in which ? inArray(notifications.id, which.ids) : undefined,
        'all' in which && which.upToId !== undefined ? lte(notifications.id, which.upToId) : undefined,
        isNull(notifications.readAt),
      ),
    );
}

/**
 * A new reaction's notice, in one statement (decision 0048): the bell row unless this member
 * was already told of this reaction to this item, and with it — unless the recipient is
 * inactive, has no address or turned reaction e-mails off — the e-mail in the outbox, its
 * subject and body written from `subject` and `body` (format() strings: the actor's name and
 * the verb; the recipient's first name, the actor's name, the verb and the kudos message).
 * Answers whether the member was told, and the outbox id of the e-mail, if any.
 */
export async function recordReactionNotice(
  db: Db,
  note: { recipientId: number; actorId: number; messageLogId: number; reaction: number },
  mail: { verb: string; subject: string; body: string },
): Promise<{ told: boolean; outboxId: number | null }> {
  const { recipientId, actorId, messageLogId, reaction } = note;
  const [row] = await queryRows<{ told: boolean; outboxId: unknown }>(
    db,
    sql`
      with told as (
        insert into notifications (member_id, kind, actor_member_id, message_log_id, reaction)
        select ${recipientId}, 'reaction', ${actorId}, ${messageLogId}, ${reaction}
        where not exists (
          select 1 from notifications n
          where n.member_id = ${recipientId} and n.kind = 'reaction' and n.actor_member_id = ${actorId}
            and n.message_log_id = ${messageLogId} and n.reaction = ${reaction})
        returning id),
      mailed as (
        insert into email_outbox (kind, to_address, subject, body_text)
        select 'reaction', m.email, format(${mail.subject}::text, a.first_name || ' ' || a.surname, ${mail.verb}::text),
          format(${mail.body}::text, m.first_name, a.first_name || ' ' || a.surname, ${mail.verb}::text, k.message)
        from kudos k
        join members m on m.id = k.to_member_id
        join members a on a.id = ${actorId}
        where k.id = ${messageLogId} and m.id = ${recipientId} and m.active and m.email <> ''
          and exists (select 1 from told)
          and not exists (select 1 from member_preferences p where p.member_id = m.id and not p.email_reaction)
        returning id)
      select exists (select 1 from told) as "told", (select id from mailed) as "outboxId"`,
  );
  return { told: row?.told === true, outboxId: row?.outboxId == null ? null : toNumber(row.outboxId) };
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
