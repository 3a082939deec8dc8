import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
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
}

/** Members holding any role or flag, by name. */
export async function findRoleHolders(db: Db): Promise<RoleHolderRow[]> {
  return db
    .select(holderColumns)
    .from(members)
    .where(or(sql`${members.roles} <> ''`, eq(members.isManager, true), eq(members.isAdminReports, true)))
    .orderBy(members.surname, members.firstName, members.id);
}

/** Any member by name, e-mail or employee number (to grant a first role), at most 50. */
export async function searchMembersForRoles(db: Db, q: string): Promise<RoleHolderRow[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(holderColumns)
    .from(members)
    .where(
      or(
        ilike(sql`${members.firstName} || ' ' || ${members.surname}`, like),
        ilike(members.email, like),
        ilike(members.employeeNumber, like),
      ),
    )
    .orderBy(members.surname, members.firstName, members.id)
    .limit(50);
}

/** The member's row, locked until the transaction ends (two admins editing one member queue). */
export async function lockRoleHolder(tx: Db, memberId: number): Promise<RoleHolderRow | undefined> {
  const [row] = await tx.select(holderColumns).from(members).where(eq(members.id, memberId)).for('update');
  return row;
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
      changedByName: sql<string>`coalesce(${editor.firstName} || ' ' || ${editor.surname}, ${SET_UP_COMMAND})`,
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
