import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { behaviours, digestRuns, kudos, members } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-rows.ts';

/**
 * Active members with an address and the digest on who have no run for this week yet, in id
 * order (a batch at a time).
 */
export async function findDigestCandidates(db: Db, weekStart: string, limit: number) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.id from members m
        left join member_preferences p on p.member_id = m.id
        where m.active and m.email is not null and coalesce(p.weekly_digest, true)
          and not exists (select 1 from digest_runs r where r.member_id = m.id and r.week_start = ${weekStart})
        order by m.id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Claims the member's digest for the week: true for the one caller whose row went in. On
 * PostgreSQL a second instance's insert waits for the first's transaction and then does nothing.
 */
export async function claimDigestRun(db: Db, memberId: number, weekStart: string) {
  const rows = await db
    .insert(digestRuns)
    .values({ memberId, weekStart, queued: false })
    .onConflictDoNothing()
    .returning({ memberId: digestRuns.memberId });
  return rows.length === 1;
}

export async function markDigestQueued(db: Db, memberId: number, weekStart: string) {
  await db
    .update(digestRuns)
    .set({ queued: true })
    .where(and(eq(digestRuns.memberId, memberId), eq(digestRuns.weekStart, weekStart)));
}

export async function findDigestMember(db: Db, memberId: number) {
  const [row] = await db
    .select({ id: members.id, firstName: members.firstName, email: members.email })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

const sender = alias(members, 'sender');
const recipient = alias(members, 'recipient');

/** Whose kudos a digest section is about: the member's own, or their direct reports'. */
const received = (memberId: number, whose: 'mine' | 'team') =>
  whose === 'mine' ? eq(kudos.toMemberId, memberId) : eq(recipient.managerId, memberId);

const inWeek = (range: { from: Date; to: Date }) =>
  sql`${kudos.createdAt} >= ${range.from.toISOString()} and ${kudos.createdAt} < ${range.to.toISOString()}`;

/**
 * Kudos items received in [from, to) by the member (`mine`) or by their direct reports (`team`):
 * the newest `listed` with names, and the totals of all of them — a manager of a large team reads
 * five lines and three numbers, not the team's whole week.
 */
export async function findWeekKudos(
  db: Db,
  memberId: number,
  range: { from: Date; to: Date },
  whose: 'mine' | 'team',
  listed: number,
) {
  const [items, [totals]] = await Promise.all([
    db
      .select({
        kind: kudos.kind,
        points: kudos.points,
        behaviour: behaviours.name,
        senderName: sql<string>`${sender.firstName} || ' ' || ${sender.surname}`,
        recipientName: sql<string>`${recipient.firstName} || ' ' || ${recipient.surname}`,
      })
      .from(kudos)
      .innerJoin(sender, eq(sender.id, kudos.fromMemberId))
      .innerJoin(recipient, eq(recipient.id, kudos.toMemberId))
      .leftJoin(behaviours, eq(behaviours.id, kudos.behaviourId))
      .where(and(received(memberId, whose), inWeek(range)))
      .orderBy(desc(kudos.id))
      .limit(listed),
    db
      .select({
        count: sql<number>`count(*)::int`,
        points: sql<number>`coalesce(sum(${kudos.points}), 0)::bigint`.mapWith(Number),
        people: sql<number>`count(distinct ${kudos.toMemberId})::int`,
      })
      .from(kudos)
      .innerJoin(recipient, eq(recipient.id, kudos.toMemberId))
      .where(and(received(memberId, whose), inWeek(range))),
  ]);
  return { items, count: totals?.count ?? 0, points: totals?.points ?? 0, people: totals?.people ?? 0 };
}
export type WeekKudos = Awaited<ReturnType<typeof findWeekKudos>>;
