import type { Page } from '@playwright/test';
import type { Capabilities } from '@ovation/shared/capabilities';
import {
  COUNTRY_CAPABILITIES,
  entryHref,
  NAV_ENTRIES,
  routeAccess,
  type NavEntry,
} from '../../apps/web/src/config/navigation.ts';
import { expect } from '../fixtures.ts';
import { apiHeaders } from './a11y.ts';

// Which addresses the accessibility sweep (a11y-sweep*.spec.ts) opens: every route of the one
// navigation list the router is built from, with its parameters filled in, for each account.

/** Content pages by key (the catch-all route): the seeded ones, and a key that does not exist. */
export const CONTENT_KEYS = ['terms', 'privacy', 'aboutus', 'accessibility', 'no-such-page'];
/** No route matches this: the app's "page not found". */
export const NOT_FOUND = '/no/such/page';
/** Anonymous pages that a signed-in member has no reason to open. */
const SIGN_IN_PAGES = new Set(['hello', 'welcomeTrfAuth', 'register', 'resetPassword', 'contactSupport']);

export interface Ids {
  /** Absent for a member who must complete their profile: the API refuses them the lookup. */
  colleague?: number;
  reward?: number;
}

/** The concrete addresses of a route, with its optional parameters both left out and filled in. */
function addresses(entry: NavEntry, ids: Ids): string[] {
  switch (entry.path) {
    case '/:contentKey':
      return CONTENT_KEYS.map((key) => `/${key}`);
    case '/recognise/:selectedMemberId?':
    case '/high5/:selectedMemberId?':
    case '/payitforward/:selectedMemberId?':
      return ids.colleague ? [entryHref(entry), `${entryHref(entry)}/${ids.colleague}`] : [entryHref(entry)];
    case '/redeemrewards/:urlParam?':
      return ['/redeemrewards', '/redeemrewards/vouchers'];
    case '/redeemrewards/item/:rewardId':
      return ids.reward ? [`/redeemrewards/item/${ids.reward}`] : [];
    default:
      return [entryHref(entry)];
  }
}

export async function sessionOf(page: Page) {
  const res = await page.request.post('/api/spa/loadsession', { data: {}, headers: await apiHeaders(page) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { capabilities: Capabilities; profile: { cellNum?: string | null } };
}

/**
 * The ids the swept addresses need. A member with a profile to complete sweeps only the routes
 * exempt from it, which need none (and the API would refuse them the search).
 */
export async function idsFor(page: Page, caps: Capabilities, incomplete: boolean): Promise<Ids> {
  if (incomplete) return {};
  const headers = await apiHeaders(page);
  const search = await page.request.post('/api/members/search', {
    data: { query: 'Mokoena', teamOnly: false, limit: 5 },
    headers,
  });
  expect(search.status()).toBe(200);
  const { members } = (await search.json()) as { members: { memberId: number }[] };
  const ids: Ids = { colleague: members[0]!.memberId };
  if (caps.redeemRewards) {
    const catalogue = await page.request.get('/api/rewards/catalogue', { headers });
    expect(catalogue.status()).toBe(200);
    ids.reward = ((await catalogue.json()) as { items: { rewardId: number }[] }).items[0]!.rewardId;
  }
  return ids;
}

/**
 * Accounts whose member screens are swept: what a member's screen shows depends on the country
 * (South Africa, Kenya), the unit (TRF) and on managing a team, so these four cover every variant.
 * The other demo accounts differ from a South African member only by their roles: they sweep Home,
 * My Profile (the two-step sign-in section shows for report roles) and the management screens their
 * roles open (decision 0034).
 */
const MEMBER_SCREENS = new Set([
  'member.za@example.com',
  'member.ke@example.com',
  'member.trf@example.com',
  'manager.za@example.com',
]);

/** A route opened by a role (a capability that the country does not grant), not by every member. */
function roleRoute(entry: NavEntry): boolean {
  return entry.capability !== undefined && !COUNTRY_CAPABILITIES.has(entry.capability);
}

/** Routes this account sweeps, in navigation order; a profile to complete first leaves only the exempt ones. */
export function routesFor(email: string, caps: Capabilities, ids: Ids, incomplete: boolean): string[] {
  const entries = NAV_ENTRIES.filter(
    (e) =>
      e.page !== 'logout' &&
      !SIGN_IN_PAGES.has(e.page) &&
      (e.access === 'public' || routeAccess(e, caps) === 'ok') &&
      (!incomplete || e.profileExempt) &&
      (incomplete || MEMBER_SCREENS.has(email) || roleRoute(e) || e.page === 'home' || e.page === 'myProfile'),
  );
  const routes = entries.flatMap((e) => addresses(e, ids));
  return [...new Set(incomplete || MEMBER_SCREENS.has(email) ? [...routes, NOT_FOUND] : routes)];
}
