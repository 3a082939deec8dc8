import { getCapabilities, type CapabilityInput } from '@ovation/shared/capabilities';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';

/** A loadsession answer for a member with the given country, roles and flags. */
export function sessionResponse(over: Partial<CapabilityInput> & { cellNum?: string } = {}): LoadSessionResponse {
  const input: CapabilityInput = {
    roles: over.roles ?? '',
    isManager: over.isManager ?? false,
    isAdminReports: over.isAdminReports ?? false,
    country: over.country ?? 'South Africa',
    unit: over.unit ?? 'Audit',
  };
  return {
    profile: {
      memberId: 42,
      memberMngMemberId: 7,
      fullname: 'Wanjiku Kamau',
      firstName: 'Wanjiku',
      surname: 'Kamau',
      division: 'Advisory',
      division1: 'Advisory',
      division2: 'Risk',
      division3: 'Nairobi',
      country: input.country ?? '',
      unit: input.unit ?? '',
      isManager: input.isManager,
      isAdminReports: input.isAdminReports,
      cellNum: over.cellNum ?? '+254 700 000 001',
      email: 'member.ke@example.com',
      awardsPointsAvailable: 100,
      awardsPointsAvailable1: 2,
      awardsPointsAvailableMng: 0,
      pointsName: 'Kudos',
      roles: input.roles ?? '',
      field1: 0,
      profilePicId: 'nopic',
      profilePicSfx: '',
      interests: '',
      asperations: '',
      birthDate: null,
      startDate: null,
      managerName: null,
      employeeNumber: 'E1',
    },
    capabilities: getCapabilities(input),
    profilePicId: 'nopic',
    profilePicSfx: '',
    currentYear: 2031,
    clientTitle: 'Ovation',
    isProfileIncomplete: false,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
