/**
 * The one place that reads roles, flags, country and unit (spec §6).
 * The server enforces these on every protected route; the web app only reads them.
 */
export const SOUTH_AFRICA = 'South Africa';
export const TRF_UNIT = 'TRF';

export const ROLE_NAMES = [
  'rep',
  'upl-mem',
  'upl-pts',
  'news',
  'anniv',
  'upl-mem-nfy',
  'upl-pts-nfy',
  'awards',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface CapabilityInput {
  roles: string | null | undefined;
  isManager: boolean;
  isAdminReports: boolean;
  country: string | null | undefined;
  unit: string | null | undefined;
  /** No cell number or e-mail yet (isProfileIncomplete): only My Profile and help are open (spec §4). */
  profileIncomplete?: boolean;
}

export interface Capabilities {
  /** Any logged-in member. */
  member: boolean;
  /**
   * Everything beyond My Profile, help and the member's own notifications: false while the
   * profile is incomplete (spec §4 forces it to /myprofile/update; decision 0082). The server
   * requires it on every member route not marked `profileExempt`.
   */
  portal: boolean;
  /** Country is South Africa: pay it forward, rewards, statements, game board. */
  southAfrica: boolean;
  payItForward: boolean;
  redeemRewards: boolean;
  viewStatement: boolean;
  viewGameStatement: boolean;
  playGame: boolean;
  /** Daily mood check-in; locked for unit TRF. */
  moodCheckIn: boolean;
  /** Managers: management statement, REWARD button, team balance, team recognition. */
  manageTeam: boolean;
  newsAdmin: boolean;
  viewReports: boolean;
  /** Reports outside the spec's menu (SimplySay, member database, daily check-in): report admins only (decision 0024). */
  viewAdminReports: boolean;
  viewRolesReport: boolean;
  uploadData: boolean;
  viewUploadsReport: boolean;
  /** Upload members files (upl-mem, report administrators). */
  uploadMembers: boolean;
  /** Upload points files (upl-pts, report administrators). */
  uploadPoints: boolean;
  /** Reverse an applied points upload (report administrators). */
  reverseUploads: boolean;
  /** See members uploads on the uploads report (upl-mem, upl-mem-nfy, report administrators). */
  viewMemberUploads: boolean;
  /** See points uploads on the uploads report (upl-pts, upl-pts-nfy, report administrators). */
  viewPointsUploads: boolean;
  /** E-mailed when a members upload is applied (upl-mem-nfy). */
  notifyMemberUploads: boolean;
  /** E-mailed when a points upload is applied (upl-pts-nfy). */
  notifyPointsUploads: boolean;
  /** Grant and revoke roles on the roles report (report administrators). */
  manageRoles: boolean;
  /** Read the e-mail outbox (report administrators). */
  readOutbox: boolean;
  /** Rewards administration: catalogue, code pools, fulfilment queue (report administrators; decision 0023). */
  manageRewards: boolean;
  /** Run award programmes: create, change, fund, see every nomination (awards, report administrators). */
  manageAwards: boolean;
  /** Integration tokens and the provisioning log (report administrators; issue 42). */
  manageIntegrations: boolean;
  /** The Management menu is shown at all. */
  managementMenu: boolean;
  /** The anniv role moves the Management menu divider (see docs/decisions/0005). */
  managementDividerFirst: boolean;
}

export type Capability = keyof Capabilities;

export function parseRoles(roles: string | null | undefined): Set<string> {
  return new Set(
    (roles ?? '')
      .split(',')
      .map((r) => r.trim().toLowerCase())
      .filter((r) => r.length > 0),
  );
}

/** Whether a member's country is South Africa (any letter case and spacing around it). */
export const isSouthAfrica = (country: string | null | undefined) =>
  (country ?? '').trim().toLowerCase() === SOUTH_AFRICA.toLowerCase();

export function getCapabilities(input: CapabilityInput): Capabilities {
  const roles = parseRoles(input.roles);
  const has = (r: RoleName) => roles.has(r);
  const admin = input.isAdminReports === true;
  const manager = input.isManager === true;
  const southAfrica = isSouthAfrica(input.country);
  const trf = (input.unit ?? '').trim().toUpperCase() === TRF_UNIT;
  const uploader = has('upl-mem') || has('upl-pts');
  const notifyUploader = has('upl-mem-nfy') || has('upl-pts-nfy');

  return {
    member: true,
    portal: input.profileIncomplete !== true,
    southAfrica,
    payItForward: southAfrica,
    redeemRewards: southAfrica,
    viewStatement: southAfrica,
    viewGameStatement: southAfrica,
    playGame: southAfrica,
    moodCheckIn: !trf,
    manageTeam: manager,
    newsAdmin: has('news') || admin,
    viewReports: has('rep') || admin,
    viewAdminReports: admin,
    viewRolesReport: has('rep') || uploader || notifyUploader || admin,
    uploadData: uploader || admin,
    viewUploadsReport: uploader || notifyUploader || admin,
    uploadMembers: has('upl-mem') || admin,
    uploadPoints: has('upl-pts') || admin,
    reverseUploads: admin,
    viewMemberUploads: has('upl-mem') || has('upl-mem-nfy') || admin,
    viewPointsUploads: has('upl-pts') || has('upl-pts-nfy') || admin,
    notifyMemberUploads: has('upl-mem-nfy'),
    notifyPointsUploads: has('upl-pts-nfy'),
    manageRoles: admin,
    readOutbox: admin,
    manageRewards: admin,
    manageAwards: has('awards') || admin,
    manageIntegrations: admin,
    managementMenu: manager || admin || ROLE_NAMES.some((r) => roles.has(r)),
    managementDividerFirst: has('anniv'),
  };
}

export const ANONYMOUS_CAPABILITIES: Readonly<Capabilities> = Object.freeze({
  member: false,
  portal: false,
  southAfrica: false,
  payItForward: false,
  redeemRewards: false,
  viewStatement: false,
  viewGameStatement: false,
  playGame: false,
  moodCheckIn: false,
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
  manageAwards: false,
  manageIntegrations: false,
  managementMenu: false,
  managementDividerFirst: false,
});

/**
 * Members offered a TOTP second factor (issue 15, docs/decisions/0037): report administrators
 * and every role that reaches reports, uploads, roles or news ('anniv' only moves a divider).
 */
export function offersSecondFactor(input: Pick<CapabilityInput, 'roles' | 'isAdminReports'>): boolean {
  if (input.isAdminReports) return true;
  const roles = parseRoles(input.roles);
  return ROLE_NAMES.some((r) => r !== 'anniv' && roles.has(r));
}
