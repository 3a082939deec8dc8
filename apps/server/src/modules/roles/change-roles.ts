import type { RoleGrantInput } from '@ovation/shared/schemas/admin-roles';
import type { Db } from '../../db/client.ts';
import { businessRule, notFound } from '../../lib/app-errors.ts';
import { noticeSessionsChangedAtCommit } from '../live/instance-notices.ts';
import { grantOf, presentChange, presentHolder } from './roles.presenter.ts';
import { findRoleChanges, insertRoleChange, lockRoleHolder, setMemberRoles } from './roles.repository.ts';

/**
 * A report administrator grants or revokes roles (and the report-admin flag). The member row is
 * locked, the change and its before/after are recorded in the same transaction; an unchanged
 * grant records nothing. The member's menus follow at their next session load (capabilities
 * are read from the member row; session caches forget the member at commit, decision 0032).
 */
export async function changeRoles(db: Db, actorMemberId: number, memberId: number, input: RoleGrantInput) {
  const after = { roles: [...new Set(input.roles)].sort(), isAdminReports: input.isAdminReports };
  return db.transaction(async (tx) => {
    const current = await lockRoleHolder(tx, memberId);
    if (!current) throw notFound('That member does not exist.');
    const before = grantOf(current);
    if (memberId === actorMemberId && before.isAdminReports && !after.isAdminReports) {
      throw businessRule('You cannot remove your own report administrator access. Ask another administrator.');
    }
    if (JSON.stringify(before) === JSON.stringify(after)) return { member: presentHolder(current), change: null };
    const member = await setMemberRoles(tx, memberId, after);
    // Every instance's session cache re-reads this member's capabilities once this commits.
    await noticeSessionsChangedAtCommit(tx, { memberIds: [memberId] });
    const changeId = await insertRoleChange(tx, { memberId, changedBy: actorMemberId, before, after });
    const [change] = await findRoleChanges(tx, { limit: 1, changeId });
    return { member: presentHolder(member), change: presentChange(change!) };
  });
}
