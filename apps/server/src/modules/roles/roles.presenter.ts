import { parseRoles } from '@ovation/shared/capabilities';
import type { RoleChange, RoleHolder } from '@ovation/shared/schemas/admin-roles';
import type { RoleGrant } from '../../db/schema/index.ts';
import type { RoleHolderRow } from './roles.repository.ts';

export const rolesOf = (roles: string): string[] => [...parseRoles(roles)].sort();

export const grantOf = (row: RoleHolderRow): RoleGrant => ({
  roles: rolesOf(row.roles),
  isAdminReports: row.isAdminReports,
});

export function presentHolder(row: RoleHolderRow): RoleHolder {
  return {
    memberId: row.memberId,
    employeeNumber: row.employeeNumber,
    name: `${row.firstName} ${row.surname}`,
    email: row.email,
    roles: rolesOf(row.roles),
    isManager: row.isManager,
    isAdminReports: row.isAdminReports,
    active: row.active,
    directoryManaged: row.directoryManaged,
  };
}

export function presentChange(row: {
  changeId: number;
  memberId: number;
  memberName: string;
  changedByName: string;
  changedAt: Date;
  before: RoleGrant;
  after: RoleGrant;
}): RoleChange {
  return { ...row, changedAt: row.changedAt.toISOString() };
}
