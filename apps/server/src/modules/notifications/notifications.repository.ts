import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { members, notifications } from '../../db/schema/index.ts';

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
      awardNominationId: notifications.awardNominationId,
      awardLabel: sql<string | null>`(select p.name || ' · ' || coalesce(l.value->>'name', n.level_key)
        from award_nominations n join award_programmes p on p.id = n.programme_id
        left join lateral jsonb_array_elements(p.levels) l on l.value->>'key' = n.level_key
        where n.id = ${notifications.awardNominationId} limit 1)`,
      awardNominee: sql<string | null>`(select m.first_name || ' ' || m.surname
        from award_nominations n join members m on m.id = n.nominee_id where n.id = ${notifications.awardNominationId})`,
      serviceMilestoneId: notifications.serviceMilestoneId,
      milestone: sql<{ years: number; memberName: string } | null>`(select json_build_object('years', sm.years,
          'memberName', m.first_name || ' ' || m.surname)
        from service_milestones sm join members m on m.id = sm.member_id where sm.id = ${notifications.serviceMilestoneId})`,
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

/** The member an address belongs to (addresses are unique, case-insensitively), or null. */
export async function findMemberIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}
