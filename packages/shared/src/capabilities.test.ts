import { describe, expect, it } from 'vitest';
import { getCapabilities, type Capabilities, type CapabilityInput } from './capabilities.ts';

const member: CapabilityInput = {
  roles: '',
  isManager: false,
  isAdminReports: false,
  country: 'South Africa',
  unit: 'AUD',
};
const none = {
  manageTeam: false,
  newsAdmin: false,
  viewReports: false,
  viewAdminReports: false,
  viewRolesReport: false,
  uploadData: false,
  viewUploadsReport: false,
  uploadMembers: false,
  uploadPoints: false,
  reverseUploads: false,
  viewMemberUploads: false,
  viewPointsUploads: false,
  notifyMemberUploads: false,
  notifyPointsUploads: false,
  manageRoles: false,
  readOutbox: false,
  manageRewards: false,
  managementMenu: false,
  managementDividerFirst: false,
};

// One row per line of spec §6 (roles and flags).
const roleTable: [string, Partial<CapabilityInput>, Partial<Capabilities>][] = [
  ['plain member', {}, none],
  [
    'rep: report menu items, roles report',
    { roles: 'rep' },
    { ...none, viewReports: true, viewRolesReport: true, managementMenu: true },
  ],
  [
    'upl-mem: upload, uploads report, roles report',
    { roles: 'upl-mem' },
    {
      ...none,
      uploadData: true,
      uploadMembers: true,
      viewMemberUploads: true,
      viewUploadsReport: true,
      viewRolesReport: true,
      managementMenu: true,
    },
  ],
  [
    'upl-pts: upload, uploads report, roles report',
    { roles: 'upl-pts' },
    {
      ...none,
      uploadData: true,
      uploadPoints: true,
      viewPointsUploads: true,
      viewUploadsReport: true,
      viewRolesReport: true,
      managementMenu: true,
    },
  ],
  [
    'upl-mem-nfy: uploads report and roles report only',
    { roles: 'upl-mem-nfy' },
    {
      ...none,
      viewUploadsReport: true,
      viewMemberUploads: true,
      notifyMemberUploads: true,
      viewRolesReport: true,
      managementMenu: true,
    },
  ],
  [
    'upl-pts-nfy: uploads report and roles report only',
    { roles: 'upl-pts-nfy' },
    {
      ...none,
      viewUploadsReport: true,
      viewPointsUploads: true,
      notifyPointsUploads: true,
      viewRolesReport: true,
      managementMenu: true,
    },
  ],
  ['news: news bulletin admin', { roles: 'news' }, { ...none, newsAdmin: true, managementMenu: true }],
  [
    'anniv: only the divider position',
    { roles: 'anniv' },
    { ...none, managementMenu: true, managementDividerFirst: true },
  ],
  ['isManager: management statement, team', { isManager: true }, { ...none, manageTeam: true, managementMenu: true }],
  [
    'isAdminReports: all reports, news admin, upload, roles',
    { isAdminReports: true },
    {
      ...none,
      viewReports: true,
      viewAdminReports: true,
      newsAdmin: true,
      uploadData: true,
      viewRolesReport: true,
      viewUploadsReport: true,
      uploadMembers: true,
      uploadPoints: true,
      reverseUploads: true,
      viewMemberUploads: true,
      viewPointsUploads: true,
      manageRoles: true,
      readOutbox: true,
      manageRewards: true,
      managementMenu: true,
    },
  ],
  [
    'isAdminReports is not a notify role: admins are not e-mailed about uploads',
    { isAdminReports: true },
    { notifyMemberUploads: false, notifyPointsUploads: false },
  ],
  [
    'upl-mem and upl-pts together: both kinds, still no reversal or role management',
    { roles: 'upl-mem,upl-pts' },
    { uploadMembers: true, uploadPoints: true, reverseUploads: false, manageRoles: false },
  ],
  [
    'roles compared in lower case with spaces',
    { roles: ' REP , News ' },
    { ...none, viewReports: true, viewRolesReport: true, newsAdmin: true, managementMenu: true },
  ],
  ['unknown roles grant nothing', { roles: 'superuser,admin' }, none],
];

describe('getCapabilities — roles and flags (spec §6)', () => {
  it.each(roleTable)('%s', (_name, input, expected) => {
    expect(getCapabilities({ ...member, ...input })).toMatchObject(expected);
  });
});

const southAfricaGates = [
  'southAfrica',
  'payItForward',
  'redeemRewards',
  'viewStatement',
  'viewGameStatement',
  'playGame',
] as const;

describe('getCapabilities — report admins only (decision 0024)', () => {
  it.each([
    ['rep', { roles: 'rep' }, false],
    ['rep and manager', { roles: 'rep', isManager: true }, false],
    ['every role', { roles: 'rep,upl-mem,upl-pts,news,anniv,upl-mem-nfy,upl-pts-nfy' }, false],
    ['report admin', { isAdminReports: true }, true],
  ] as const)('%s → viewAdminReports %s', (_name, input, expected) => {
    const caps = getCapabilities({ ...member, ...input });
    expect(caps.viewAdminReports).toBe(expected);
    // Whoever sees the admin-only reports also sees the menu's reports.
    if (caps.viewAdminReports) expect(caps.viewReports).toBe(true);
  });
});

describe('getCapabilities — country and unit gates', () => {
  it.each([
    ['South Africa', true],
    ['south africa', true],
    ['Kenya', false],
    ['Namibia', false],
    ['', false],
    [null, false],
  ] as const)('country %s → South Africa features %s', (country, expected) => {
    const caps = getCapabilities({ ...member, country });
    for (const gate of southAfricaGates) expect(caps[gate]).toBe(expected);
  });

  it.each([
    ['TRF', false],
    ['trf', false],
    ['AUD', true],
    ['', true],
  ] as const)('unit %s → mood check-in %s', (unit, expected) => {
    expect(getCapabilities({ ...member, unit }).moodCheckIn).toBe(expected);
  });
});
