import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { memberPreferences, members } from '../../db/schema/index.ts';

const manager = alias(members, 'mgr');

/**
 * Active members by id, with what a send needs (names, e-mail, manager, capability inputs, and
 * which kudos e-mails they turned off: read here, with the members, rather than in the send's
 * transaction, so a send does not pay a round trip for it).
 */
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
      emailRecognised: sql<boolean>`coalesce(${memberPreferences.emailRecognised}, true)`,
      emailHigh5: sql<boolean>`coalesce(${memberPreferences.emailHigh5}, true)`,
      emailPoints: sql<boolean>`coalesce(${memberPreferences.emailPoints}, true)`,
    })
    .from(members)
    .leftJoin(manager, eq(manager.id, members.managerId))
    .leftJoin(memberPreferences, eq(memberPreferences.memberId, members.id))
    .where(and(inArray(members.id, ids), eq(members.active, true)));
  return rows.map((r) => ({ ...r, fullName: `${r.firstName} ${r.surname}` }));
}
export type SendMember = Awaited<ReturnType<typeof findActiveMembers>>[number];

/** A one-to-one send's two parties in one query: the sender's name and the recipient, if still active. */
export async function findSendParties(db: Db, senderId: number, recipientId: number) {
  const found = await findActiveMembers(db, [recipientId, senderId]);
  return {
    sender: { id: senderId, fullName: found.find((m) => m.id === senderId)?.fullName ?? '' },
    recipient: found.find((m) => m.id === recipientId),
  };
}
