import { DEFAULT_PROFILE_PIC_ID } from '@ovation/shared/constants';
import type { SessionProfile } from '@ovation/shared/schemas/profile';
import type { MemberBalances } from '@ovation/shared/schemas/balances';
import type { MemberProfileRow } from '../../core/members/member.repository.ts';

export function picSuffix(row: Pick<MemberProfileRow, 'picId' | 'picVersion'>): string {
  return row.picId ? `?v=${row.picVersion}` : '';
}

/** The spec §3 profile fields from a member row. */
export function presentProfile(row: MemberProfileRow, balances: MemberBalances, pointsName: string): SessionProfile {
  return {
    memberId: row.id,
    memberMngMemberId: row.managerId,
    fullname: `${row.firstName} ${row.surname}`,
    firstName: row.firstName,
    surname: row.surname,
    division: row.division3 ?? '',
    division1: row.division1 ?? '',
    division2: row.division2 ?? '',
    division3: row.division3 ?? '',
    country: row.country,
    unit: row.unit,
    isManager: row.isManager,
    isAdminReports: row.isAdminReports,
    cellNum: row.cellNum ?? '',
    email: row.email ?? '',
    ...balances,
    pointsName,
    roles: row.roles,
    field1: row.field1,
    profilePicId: row.picId ?? DEFAULT_PROFILE_PIC_ID,
    profilePicSfx: picSuffix(row),
    interests: row.interests,
    asperations: row.aspirations,
    birthDate: row.birthDate,
    startDate: row.startDate,
    managerName: row.managerName,
    employeeNumber: row.employeeNumber,
  };
}
