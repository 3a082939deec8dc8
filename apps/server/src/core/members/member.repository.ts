import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { divisions, members } from '../../db/schema/index.ts';

const d3 = alias(divisions, 'd3');
const d2 = alias(divisions, 'd2');
const d1 = alias(divisions, 'd1');
const manager = alias(members, 'mgr');

/** A member with the names of their division levels and manager. */
export type MemberProfileRow = typeof members.$inferSelect & {
  division1: string | null;
  division2: string | null;
  division3: string | null;
  managerName: string | null;
};

export async function findMemberProfile(db: Db, memberId: number): Promise<MemberProfileRow | undefined> {
  const [row] = await db
    .select({
      member: members,
      own: { name: d3.name, level: d3.level },
      parent: { name: d2.name, level: d2.level },
      grandparent: { name: d1.name, level: d1.level },
      managerName: sql<string | null>`${manager.firstName} || ' ' || ${manager.surname}`,
    })
    .from(members)
    .leftJoin(d3, eq(d3.id, members.divisionId))
    .leftJoin(d2, eq(d2.id, d3.parentId))
    .leftJoin(d1, eq(d1.id, d2.parentId))
    .leftJoin(manager, eq(manager.id, members.managerId))
    .where(eq(members.id, memberId))
    .limit(1);
  if (!row) return undefined;
  // By level, not by distance from the member's own: a division of level 2 has no level 3 under it.
  const at = (level: number) =>
    [row.own, row.parent, row.grandparent].find((d) => d?.name && d.level === level)?.name ?? null;
  return { ...row.member, division1: at(1), division2: at(2), division3: at(3), managerName: row.managerName };
}

export async function findActiveMemberByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email.toLowerCase()}`, eq(members.active, true)))
    .limit(1);
  return row;
}

/** The member with this employee number, in any letter case (the exact spelling first). */
export async function findMemberByEmployeeNumber(db: Db, employeeNumber: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`upper(${members.employeeNumber}) = upper(${employeeNumber})`)
    .orderBy(sql`${members.employeeNumber} = ${employeeNumber} desc`)
    .limit(1);
  return row;
}

export async function isEmailTakenByOther(db: Db, email: string, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(sql`lower(${members.email}) = ${email.toLowerCase()}`, sql`${members.id} <> ${memberId}`))
    .limit(1);
  return row !== undefined;
}

export async function updateMemberContact(
  db: Db,
  memberId: number,
  fields: { cellNum: string; email: string; interests: string; aspirations: string },
) {
  await db
    .update(members)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(members.id, memberId));
}

export async function setMemberPicture(db: Db, memberId: number, picId: string) {
  await db
    .update(members)
    .set({ picId, picVersion: sql`${members.picVersion} + 1`, updatedAt: new Date() })
    .where(eq(members.id, memberId));
}
