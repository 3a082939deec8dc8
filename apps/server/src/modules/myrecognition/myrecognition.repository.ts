import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { behaviours, kudos, members } from '../../db/schema/index.ts';

const LATEST = 200;

/** The latest kudos the member received or gave, with the other member's name. */
export function listKudos(db: Db, memberId: number, direction: 'received' | 'given') {
  const mine = direction === 'received' ? kudos.toMemberId : kudos.fromMemberId;
  const other = direction === 'received' ? kudos.fromMemberId : kudos.toMemberId;
  return db
    .select({
      id: kudos.id,
      kind: kudos.kind,
      behaviour: behaviours.name,
      awardLabel: kudos.label,
      otherFirstName: members.firstName,
      otherSurname: members.surname,
      message: kudos.message,
      points: kudos.points,
      createdAt: kudos.createdAt,
    })
    .from(kudos)
    .innerJoin(members, eq(members.id, other))
    .leftJoin(behaviours, eq(behaviours.id, kudos.behaviourId))
    .where(eq(mine, memberId))
    .orderBy(desc(kudos.id))
    .limit(LATEST);
}

/** Counts and points by kind, over all time. */
export function kudosTotals(db: Db, memberId: number, direction: 'received' | 'given') {
  const mine = direction === 'received' ? kudos.toMemberId : kudos.fromMemberId;
  return db
    .select({
      kind: kudos.kind,
      count: sql<number>`count(*)::int`,
      points: sql<string>`coalesce(sum(${kudos.points}), 0)`,
    })
    .from(kudos)
    .where(eq(mine, memberId))
    .groupBy(kudos.kind);
}
