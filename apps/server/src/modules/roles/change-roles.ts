import type { RoleGrantInput } from '@ovation/shared/schemas/admin-roles';
import type { Db } from '../../db/db.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { AuditContext } from '../../core/audit/audit-row.ts';
import type { RoleGrant } from '../../db/schema/index.ts';
import { businessRule, conflict, forbidden, notFound } from '../../lib/app-errors.ts';
import { noticeSessionsChangedAtCommit } from '../../core/live/instance-notices.ts';
import { grantOf, presentChange, presentHolder } from './roles.presenter.ts';
import { findRoleChanges, insertRoleChange, lockRoleHolders, setMemberRoles } from './roles.repository.ts';

const sameGrant = (a: RoleGrant, b: RoleGrant) =>
  a.isAdminReports === b.isAdminReports && JSON.stringify(a.roles) === JSON.stringify(b.roles);

/**
 * A report administrator grants or revokes roles (and the report-admin flag). The member's row and
 * the administrator's own are locked in id order, and the administrator's flag is read again under
 * the lock: two administrators revoking each other at once queue, and the second is refused (they
 * are no longer one), so the firm never loses its last administrator that way (decision 0089).
 * A grant made from an editor opened before someone else's change is refused (409) instead of
 * undoing it. The change and its before/after are recorded in the same transaction; an unchanged
 * grant records nothing. The member's menus follow at their next session load (capabilities are
 * read from the member row; session caches forget the member at commit, decision 0032).
 */
export async function changeRoles(
  db: Db,
  context: AuditContext,
  actorMemberId: number,
  memberId: number,
  input: RoleGrantInput,
) {
  const after = { roles: [...new Set(input.roles)].sort(), isAdminReports: input.isAdminReports };
  return db.transaction(async (tx) => {
    const locked = await lockRoleHolders(tx, [actorMemberId, memberId]);
    const actor = locked.get(actorMemberId);
    if (!actor?.active || !actor.isAdminReports) {
      throw forbidden('You are no longer a report administrator, so you cannot change roles.');
    }
    const current = locked.get(memberId);
    if (!current) throw notFound('That member does not exist.');
    const before = grantOf(current);
    if (memberId === actorMemberId && before.isAdminReports && !after.isAdminReports) {
      throw businessRule('You cannot remove your own report administrator access. Ask another administrator.');
    }
    if (input.expected) {
      const expected = {
        roles: [...new Set(input.expected.roles.map((r) => r.toLowerCase()))].sort(),
        isAdminReports: input.expected.isAdminReports,
      };
      if (!sameGrant(expected, before)) {
        throw conflict(
          `Someone changed the roles of ${current.firstName} ${current.surname} since you opened them. The list now shows them as they are: check and save again.`,
        );
      }
    }
    if (sameGrant(before, after)) return { member: presentHolder(current), change: null };
    const member = await setMemberRoles(tx, memberId, after);
    // Every instance's session cache re-reads this member's capabilities once this commits.
    await noticeSessionsChangedAtCommit(tx, { memberIds: [memberId] });
    const changeId = await insertRoleChange(tx, { memberId, changedBy: actorMemberId, before, after });
    await audit(tx, context, { action: 'roles.change', target: { kind: 'member', id: memberId }, before, after });
    const [change] = await findRoleChanges(tx, { limit: 1, changeId });
    return { member: presentHolder(member), change: presentChange(change!) };
  });
}
