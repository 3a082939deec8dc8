import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { members, roleChanges, type RoleGrant } from '../../db/schema/index.ts';

const holderColumns = {
  memberId: members.id,
  employeeNumber: members.employeeNumber,
  firstName: members.firstName,
  surname: members.surname,
  email: members.email,
  roles: members.roles,
  isManager: members.isManager,
  isAdminReports: members.isAdminReports,
  active: members.active,
  directoryManaged: sql<boolean>`${members.directoryManagedAt} is not null`,
};
export interface RoleHolderRow {
  memberId: number;
  employeeNumber: string;
  firstName: string;
  surname: string;
  email: string | null;
  roles: string;
  isManager: boolean;
  isAdminReports: boolean;
  active: boolean;
  directoryManaged: boolean;
}

const holdsAny = or(sql`${members.roles} <> ''`, eq(members.isManager, true), eq(members.isAdminReports, true));

/** Members holding any role or flag, by name. */
export async function findRoleHolders(db: Db): Promise<RoleHolderRow[]> {
  return db.select(holderColumns).from(members).where(holdsAny).orderBy(members.surname, members.firstName, members.id);
}

/**
 * At most 50 members by name or employee number, by e-mail too when `anyMember`: a report
 * administrator finds any member (to grant a first role); other readers of the report search only
 * the role and flag holders it lists, and not by address (decision 0089).
 */
export async function searchMembersForRoles(db: Db, q: string, anyMember: boolean): Promise<RoleHolderRow[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = or(
    ilike(sql`${members.firstName} || ' ' || ${members.surname}`, like),
    ilike(members.employeeNumber, like),
    anyMember ? ilike(members.email, like) : undefined,
  );
  return db
    .select(holderColumns)
    .from(members)
    .where(anyMember ? matches : and(matches, holdsAny))
    .orderBy(members.surname, members.firstName, members.id)
    .limit(50);
}

/**
 * The members' rows, locked in id order until the transaction ends: two admins editing one
 * member queue, and two admins changing each other cannot lock in a cycle.
 */
export async function lockRoleHolders(tx: Db, memberIds: number[]): Promise<Map<number, RoleHolderRow>> {
  const rows = await tx
    .select(holderColumns)
    .from(members)
    .where(inArray(members.id, [...new Set(memberIds)]))
    .orderBy(asc(members.id))
    .for('update');
  return new Map(rows.map((row) => [row.memberId, row]));
}

export async function setMemberRoles(tx: Db, memberId: number, grant: RoleGrant): Promise<RoleHolderRow> {
  const [row] = await tx
    .update(members)
    .set({ roles: grant.roles.join(','), isAdminReports: grant.isAdminReports, updatedAt: sql`now()` })
    .where(eq(members.id, memberId))
    .returning(holderColumns);
  return row!;
}

export async function insertRoleChange(
  tx: Db,
  change: { memberId: number; changedBy: number | null; before: RoleGrant; after: RoleGrant },
): Promise<number> {
  const [row] = await tx.insert(roleChanges).values(change).returning({ id: roleChanges.id });
  return row!.id;
}

/** Who the roles history names for a change the set-up command made (decision 0080). */
export const SET_UP_COMMAND = 'The set-up command';

const subject = alias(members, 'subject');
const editor = alias(members, 'editor');

/** The latest changes (or one), newest first, with the names of the member and the editor. */
export async function findRoleChanges(db: Db, options: { limit: number; changeId?: number }) {
  return db
    .select({
      changeId: roleChanges.id,
      memberId: roleChanges.memberId,
      memberName: sql<string>`${subject.firstName} || ' ' || ${subject.surname}`,
      // A change the directory made (a group's members) names it by its token (decision 0110).
      changedByName: sql<string>`coalesce(${editor.firstName} || ' ' || ${editor.surname},
        (select 'The directory (' || t.name || ')' from integration_tokens t where t.id = ${roleChanges.changedByToken}),
        ${SET_UP_COMMAND})`,
      changedAt: roleChanges.changedAt,
      before: roleChanges.before,
      after: roleChanges.after,
    })
    .from(roleChanges)
    .innerJoin(subject, eq(subject.id, roleChanges.memberId))
    .leftJoin(editor, eq(editor.id, roleChanges.changedBy))
    .where(and(options.changeId ? eq(roleChanges.id, options.changeId) : undefined))
    .orderBy(desc(roleChanges.changedAt), desc(roleChanges.id))
    .limit(options.limit);
}
