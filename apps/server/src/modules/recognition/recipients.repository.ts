import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { behaviours, members } from '../../db/schema/index.ts';

const manager = alias(members, 'mgr');

/** Active members by id, with what a send needs (names, e-mail, manager, capability inputs). */
export async function findActiveMembers(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      surname: members.surname,
      email: members.email,
      managerId: members.managerId,
      country: members.country,
      unit: members.unit,
      roles: members.roles,
      isManager: members.isManager,
      isAdminReports: members.isAdminReports,
      managerEmail: manager.email,
      managerFirstName: manager.firstName,
    })
    .from(members)
    .leftJoin(manager, eq(manager.id, members.managerId))
    .where(and(inArray(members.id, ids), eq(members.active, true)));
  return rows.map((r) => ({ ...r, fullName: `${r.firstName} ${r.surname}` }));
}
export type SendMember = Awaited<ReturnType<typeof findActiveMembers>>[number];

export async function findActiveBehaviour(db: Db, id: number) {
  const [row] = await db
    .select({ id: behaviours.id, name: behaviours.name })
    .from(behaviours)
    .where(and(eq(behaviours.id, id), eq(behaviours.active, true)))
    .limit(1);
  return row;
}
