import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { roleChanges, type RoleGrant } from '../../db/schema/index.ts';
import { tellOldAddress } from '../../core/members/email-changed.ts';
import { findMembersByEmployeeNumbers } from './upload-members.repository.ts';
import type { MemberRowData } from './upload-rows.ts';

/** What a members file changes that is kept or told elsewhere: roles (audited) and sign-in addresses (told). */
export interface MemberChanges {
  roles: { memberId: number; before: RoleGrant; after: RoleGrant }[];
  emails: { firstName: string; oldEmail: string; newEmail: string }[];
}

const sortedRoles = (roles: string) => roles.split(',').filter(Boolean).sort();

/**
 * Reads the rows' members before the upload writes them, and returns what will change: role
 * grants (for the roles report's history, as a change made there) and e-mail addresses (the old
 * address is told, as when a member changes it on My Profile). `ids` maps employee numbers to
 * member ids once written.
 */
export async function memberChangesOf(tx: Db, rows: MemberRowData[]) {
  const before = new Map(
    (
      await findMembersByEmployeeNumbers(
        tx,
        rows.map((r) => r.employeeNumber),
      )
    ).map((m) => [m.employeeNumber, m]),
  );
  return (ids: Map<string, number>): MemberChanges => {
    const changes: MemberChanges = { roles: [], emails: [] };
    for (const row of rows) {
      const was = before.get(row.employeeNumber);
      if (was?.email && row.email && was.email.toLowerCase() !== row.email.toLowerCase()) {
        changes.emails.push({ firstName: row.firstName, oldEmail: was.email, newEmail: row.email });
      }
      const rolesBefore = was ? sortedRoles(was.roles) : [];
      const memberId = ids.get(row.employeeNumber);
      if (row.roles !== null && memberId !== undefined && row.roles.join(',') !== rolesBefore.join(',')) {
        const isAdminReports = was?.isAdminReports ?? false;
        changes.roles.push({
          memberId,
          before: { roles: rolesBefore, isAdminReports },
          after: { roles: row.roles, isAdminReports },
        });
      }
    }
    return changes;
  };
}

/** Writes the role changes to the roles history and tells each old address, in the upload's transaction. */
export async function recordMemberChanges(tx: Db, log: FastifyBaseLogger, changedBy: number, changes: MemberChanges) {
  if (changes.roles.length > 0) {
    await tx.insert(roleChanges).values(changes.roles.map((c) => ({ ...c, changedBy })));
  }
  for (const email of changes.emails) await tellOldAddress(tx, log, email);
}
