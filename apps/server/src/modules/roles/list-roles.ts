import type { Capabilities } from '@ovation/shared/capabilities';
import type { RolesResponse } from '@ovation/shared/schemas/admin-roles';
import type { Db } from '../../db/db.ts';
import { presentChange, presentHolder } from './roles.presenter.ts';
import { findRoleChanges, findRoleHolders, searchMembersForRoles } from './roles.repository.ts';

/**
 * /reportroles: who holds which role and flag, and the latest changes. Report administrators
 * (who grant) find any member and see addresses; the report's other readers see the holders, by
 * name and employee number only (member master data is the report admins', decision 0024/0089).
 */
export async function listRoles(db: Db, capabilities: Capabilities, q?: string): Promise<RolesResponse> {
  const canManage = capabilities.manageRoles;
  const [holders, changes] = await Promise.all([
    q ? searchMembersForRoles(db, q, canManage) : findRoleHolders(db),
    findRoleChanges(db, { limit: 200 }),
  ]);
  return {
    members: holders.map((row) => ({ ...presentHolder(row), email: canManage ? row.email : null })),
    changes: changes.map(presentChange),
    canManage,
  };
}
