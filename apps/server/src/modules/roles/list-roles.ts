import type { Capabilities } from '@ovation/shared/capabilities';
import type { RolesResponse } from '@ovation/shared/schemas/admin-roles';
import type { Db } from '../../db/client.ts';
import { presentChange, presentHolder } from './roles.presenter.ts';
import { findRoleChanges, findRoleHolders, searchMembersForRoles } from './roles.repository.ts';

/** /reportroles: who holds which role and flag, and the latest changes. */
export async function listRoles(db: Db, capabilities: Capabilities, q?: string): Promise<RolesResponse> {
  const [holders, changes] = await Promise.all([
    q ? searchMembersForRoles(db, q) : findRoleHolders(db),
    findRoleChanges(db, { limit: 200 }),
  ]);
  return {
    members: holders.map(presentHolder),
    changes: changes.map(presentChange),
    canManage: capabilities.manageRoles,
  };
}
