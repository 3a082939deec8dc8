import type { Capabilities, Capability } from '@ovation/shared/capabilities';
import { NOT_AVAILABLE_IN_COUNTRY } from '@ovation/shared/constants';

/**
 * Navigation is data (style.md principle 4): this one list feeds the router, the header
 * menus (desktop and phone) and the route guard. Order here is the order in the header.
 */
export type MenuId = 'top' | 'recognise' | 'rewards' | 'profile' | 'management';
export type PageId =
  | 'home'
  | 'hello'
  | 'welcomeTrfAuth'
  | 'register'
  | 'resetPassword'
  | 'unsubscribe'
  | 'contactSupport'
  | 'logout'
  | 'content'
  | 'faqs'
  | 'programmeRules'
  | 'contactUs'
  | 'myProfile'
  | 'recognise'
  | 'high5'
  | 'payItForward'
  | 'myRecognition'
  | 'statement'
  | 'gamePlayStatement'
  | 'managementStatement'
  | 'getToKnow'
  | 'celebrations'
  | 'checkInCalendar'
  | 'wellbeing'
  | 'report'
  | 'reportDashboard'
  | 'flipCapGame'
  | 'newsBulletinAdmin'
  | 'rolesReport'
  | 'dataUpload'
  | 'uploadsReport'
  | 'redeemRewards'
  | 'basket'
  | 'orders'
  | 'rewardsAdmin'
  | 'rewardsFulfilment'
  | 'awards'
  | 'awardApprovals'
  | 'awardProgrammes'
  | 'milestones'
  | 'serviceAwards'
  | 'integrations'
  | 'systemCheck';

export interface NavEntry {
  /** Router path pattern, e.g. '/recognise/:selectedMemberId?'. */
  path: string;
  label: string;
  /** 'public' pages need no login (spec §6); everything else needs a member. */
  access: 'public' | 'member';
  page: PageId;
  /** Where the entry shows in the header; absent = a route only. */
  menu?: MenuId;
  /** Management menu groups, separated by a divider. */
  group?: 'first' | 'reports';
  /** Hidden in menus and refused on the route without it. */
  capability?: Capability;
  /** Shown greyed with the hint in menus, refused on the route without it. */
  disabledUnless?: Capability;
  hint?: string;
  /** Reachable with an incomplete profile (profile, logout, content and footer pages). */
  profileExempt?: boolean;
}

const greyedOutsideSA = (c: Capability) => ({ disabledUnless: c, hint: NOT_AVAILABLE_IN_COUNTRY });
const report = (
  path: string,
  label: string,
  capability: Capability = 'viewReports',
  menu = true,
  screen: PageId = 'report',
): NavEntry => ({
  path,
  label,
  access: 'member',
  page: screen,
  capability,
  ...(menu ? { menu: 'management' as const, group: 'reports' as const } : {}),
});
const page = (path: string, label: string, extra: Partial<NavEntry> & Pick<NavEntry, 'page'>): NavEntry => ({
  path,
  label,
  access: 'member',
  ...extra,
});

/** Where a member with an incomplete profile is sent first (the guard, and My Profile's own check). */
export const PROFILE_UPDATE_PATH = '/myprofile/update';

export const NAV_ENTRIES: readonly NavEntry[] = [
  page('/gettoknow', 'Get to Know', { menu: 'top', page: 'getToKnow' }),
  page('/recognise/:selectedMemberId?', 'Recognise', { menu: 'recognise', page: 'recognise' }),
  page('/payitforward/:selectedMemberId?', 'Pay It Forward', {
    menu: 'recognise',
    page: 'payItForward',
    ...greyedOutsideSA('payItForward'),
  }),
  page('/high5/:selectedMemberId?', 'High Five', { menu: 'recognise', page: 'high5' }),
  page('/myrecognition', 'My Recognition', { menu: 'recognise', page: 'myRecognition' }),
  // Award programmes (issue 41, decision 0107): any member nominates; approvers decide.
  page('/awards', 'Awards', { menu: 'recognise', page: 'awards' }),
  page('/awards/approvals', 'Award Approvals', { page: 'awardApprovals' }),
  // Service milestones (decision 0108): cards to sign, from the Awards page and the manager's notice.
  page('/awards/milestones/:milestoneId?', 'Milestones', { page: 'milestones' }),
  page('/redeemrewards/:urlParam?', 'Redeem Rewards', {
    menu: 'rewards',
    page: 'redeemRewards',
    capability: 'redeemRewards',
  }),
  page('/redeemrewards/basket', 'My Basket', { menu: 'rewards', page: 'basket', capability: 'redeemRewards' }),
  page('/orders', 'My Orders', { menu: 'rewards', page: 'orders', capability: 'redeemRewards' }),
  page('/myprofile/:urlParam?', 'My Profile', { menu: 'profile', page: 'myProfile', profileExempt: true }),
  page('/statement', 'Statement', { menu: 'profile', page: 'statement', ...greyedOutsideSA('viewStatement') }),
  page('/gameplaystatement', 'Game Play Statement', {
    menu: 'profile',
    page: 'gamePlayStatement',
    ...greyedOutsideSA('viewGameStatement'),
  }),
  page('/dailycheckincalendar', 'Daily Check-In Calendar', { menu: 'profile', page: 'checkInCalendar' }),
  page('/contactus', 'Contact Us', { menu: 'profile', page: 'contactUs', profileExempt: true }),
  page('/managementstatement', 'Management Statement', {
    menu: 'management',
    page: 'managementStatement',
    group: 'first',
    capability: 'manageTeam',
  }),
  page('/newsbulletinadmin', 'News Bulletin Admin', {
    menu: 'management',
    group: 'first',
    page: 'newsBulletinAdmin',
    capability: 'newsAdmin',
  }),
  // Rewards administration: report administrators (docs/decisions/0023).
  page('/rewardsadmin', 'Rewards Catalogue', {
    menu: 'management',
    group: 'first',
    page: 'rewardsAdmin',
    capability: 'manageRewards',
  }),
  page('/rewardsfulfilment', 'Rewards Fulfilment', {
    menu: 'management',
    group: 'first',
    page: 'rewardsFulfilment',
    capability: 'manageRewards',
  }),
  page('/awardsadmin', 'Award Programmes', {
    menu: 'management',
    group: 'first',
    page: 'awardProgrammes',
    capability: 'manageAwards',
  }),
  page('/awardsadmin/service', 'Service Awards', { page: 'serviceAwards', capability: 'manageAwards' }),
  // Integration tokens for the directory (SCIM) and scripts: report administrators (decision 0110).
  page('/integrations', 'Integrations', {
    menu: 'management',
    group: 'first',
    page: 'integrations',
    capability: 'manageIntegrations',
  }),
  // Who changed what, for the firm's auditors: report administrators (decision 0113).
  page('/reportaudit', 'Audit Trail', {
    menu: 'management',
    group: 'first',
    page: 'report',
    capability: 'viewAdminReports',
  }),
  report('/reportdashboard', 'Report Dashboard', 'viewReports', true, 'reportDashboard'),
  report('/reportmanagement', 'Management Report'),
  report('/reportmemberbalances', 'Member Balances'),
  report('/reportmanagerbalances', 'Manager Balances'),
  report('/reportpayitforward', 'Pay It Forward Report'),
  report('/reportredeemed', 'Redeemed Rewards Report'),
  report('/reportregistrations', 'Registrations Report'),
  report('/reporttransactions', 'Transactions Report'),
  report('/reportbirthdays', 'Birthdays Report'),
  report('/reportgameplays', 'Game Plays Report'),
  report('/reportdailycheckinanalysis', 'Daily Check-In Analysis'),
  report('/reportawards', 'Awards Report'),
  report('/reportlongservice', 'Long-service Awards'),
  report('/reportroles', 'Roles Report', 'viewRolesReport', true, 'rolesReport'),
  report('/admindataupload', 'Data Upload', 'uploadData', true, 'dataUpload'),
  report('/reportuploads', 'Uploads Report', 'viewUploadsReport', true, 'uploadsReport'),
  page('/programmerules', 'How it Works', { menu: 'top', page: 'programmeRules', profileExempt: true }),
  // Logout works for anyone, so signing out never bounces through the login guard.
  { path: '/logout', label: 'Logout', access: 'public', page: 'logout', menu: 'top', profileExempt: true },

  // Authenticated routes outside the menus (spec §2).
  page('/', 'Home', { page: 'home' }),
  page('/wellbeing', 'Wellbeing', { page: 'wellbeing' }),
  page('/celebrations', 'Celebrations', { page: 'celebrations' }),
  page('/flipcapgame', 'Game Board', { page: 'flipCapGame', capability: 'playGame' }),
  page('/faqs', 'FAQs', { page: 'faqs', profileExempt: true }),
  page('/test', 'System check', { page: 'systemCheck' }),
  // An item of the catalogue has its own address (/redeemrewards/item/123).
  page('/redeemrewards/item/:rewardId', 'Redeem Rewards', { page: 'redeemRewards', capability: 'redeemRewards' }),
  // Outside the spec's menus: report admins only (docs/decisions/0024).
  report('/reportsimplysay', 'SimplySay Report', 'viewAdminReports', false),
  report('/reportmemberdatabase', 'Member Database Report', 'viewAdminReports', false),
  report('/reportdailycheckin', 'Daily Check-In Report', 'viewAdminReports', false),
  // Reached from the Integrations screen (decision 0110).
  report('/reportprovisioning', 'Provisioning Log', 'manageIntegrations', false),

  // Anonymous routes; the content catch-all must stay last.
  { path: '/hello', label: 'Sign in', access: 'public', page: 'hello' },
  // Where single sign-on returns; it may land a member with an incomplete profile, who is sent on.
  { path: '/welcometrfauth', label: 'Single sign-on', access: 'public', page: 'welcomeTrfAuth', profileExempt: true },
  { path: '/register', label: 'Register', access: 'public', page: 'register' },
  { path: '/resetpassword', label: 'Reset Password', access: 'public', page: 'resetPassword' },
  { path: '/contactsupport', label: 'Contact Support', access: 'public', page: 'contactSupport' },
  // The weekly digest's signed link (decision 0027): works signed in or not.
  { path: '/unsubscribe', label: 'Weekly digest', access: 'public', page: 'unsubscribe', profileExempt: true },
  { path: '/:contentKey', label: 'Content', access: 'public', page: 'content', profileExempt: true },
];

/** Capabilities that only the country grants: a refusal says so instead of "no access". */
export const COUNTRY_CAPABILITIES: ReadonlySet<Capability> = new Set<Capability>([
  'southAfrica',
  'payItForward',
  'redeemRewards',
  'viewStatement',
  'viewGameStatement',
  'playGame',
]);

/** The link target of an entry: its path without optional parameters. */
export function entryHref(entry: NavEntry): string {
  const href = entry.path.replace(/\/:[^/]+\?/g, '');
  return href === '' ? '/' : href;
}

export type RouteAccess = 'ok' | 'country' | 'forbidden';

/** What the route guard does for a signed-in member on this entry. */
export function routeAccess(entry: NavEntry, caps: Capabilities): RouteAccess {
  const required = entry.capability ?? entry.disabledUnless;
  if (!required || caps[required]) return 'ok';
  return COUNTRY_CAPABILITIES.has(required) ? 'country' : 'forbidden';
}

/** The entry whose route pattern matches a pathname (the content catch-all last). */
export function findEntry(pathname: string, entries: readonly NavEntry[] = NAV_ENTRIES): NavEntry | undefined {
  // Static paths win over patterns, as in the router ('/redeemrewards/basket').
  const statics = entries.filter((e) => !e.path.includes(':'));
  const patterns = entries.filter((e) => e.path.includes(':'));
  return [...statics, ...patterns].find((e) => patternOf(e.path).test(pathname));
}

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .filter(Boolean)
    .map((seg) =>
      seg.startsWith(':')
        ? seg.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${source || '/'}/?$`, 'i');
}
