import type { Page } from '@playwright/test';
import type { Capabilities } from '@ovation/shared/capabilities';
import {
  COUNTRY_CAPABILITIES,
  entryHref,
  NAV_ENTRIES,
  routeAccess,
  type NavEntry,
} from '../apps/web/src/config/navigation.ts';
import { acceptCookies, expect, signInAs, test } from './fixtures.ts';
import {
  apiHeaders,
  describeFinding,
  navigateInApp,
  seriousFindings,
  settle,
  sweepScreen,
  trackRequests,
  WIDTHS,
} from './support/a11y.ts';

/**
 * The accessibility sweep (issue 15): every route of spec §2 — taken from the one navigation
 * list the router is built from, so a new route joins the sweep by itself — for the demo accounts
 * that show each variant of it (MEMBER_SCREENS below), at desktop and phone width, checked with
 * axe-core over the whole page.
 * The bar is no serious or critical finding. One test per role, so workers run roles side by side;
 * each signs in once and moves between routes inside the app.
 */

/** Content pages by key (the catch-all route): the seeded ones, and a key that does not exist. */
const CONTENT_KEYS = ['terms', 'privacy', 'aboutus', 'accessibility', 'no-such-page'];
/** No route matches this: the app's "page not found". */
const NOT_FOUND = '/no/such/page';
/** Anonymous pages that a signed-in member has no reason to open. */
const SIGN_IN_PAGES = new Set(['hello', 'welcomeTrfAuth', 'register', 'resetPassword', 'contactSupport']);

interface Ids {
  colleague: number;
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
      return [entryHref(entry), `${entryHref(entry)}/${ids.colleague}`];
    case '/redeemrewards/:urlParam?':
      return ['/redeemrewards', '/redeemrewards/vouchers'];
    case '/redeemrewards/item/:rewardId':
      return ids.reward ? [`/redeemrewards/item/${ids.reward}`] : [];
    default:
      return [entryHref(entry)];
  }
}

async function sessionOf(page: Page) {
  const res = await page.request.post('/api/spa/loadsession', { data: {}, headers: await apiHeaders(page) });
  expect(res.status()).toBe(200);
  return (await res.json()) as { capabilities: Capabilities; profile: { cellNum?: string | null } };
}

async function idsFor(page: Page, caps: Capabilities): Promise<Ids> {
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
function routesFor(email: string, caps: Capabilities, ids: Ids, incomplete: boolean): string[] {
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

/** The header's menus at desktop width and the phone drawer, each open. */
async function sweepMenus(page: Page, role: string): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(WIDTHS[0]);
  const menus = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
  for (const name of await menus.allInnerTexts()) {
    await menus.filter({ hasText: name }).click();
    await expect(page.getByRole('menu', { name })).toBeVisible();
    found.push(...(await sweepAtCurrentSize(page, `${role} menu ${name}`)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  await page.setViewportSize(WIDTHS[1]);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await sweepAtCurrentSize(page, `${role} phone navigation`)));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return found;
}

async function sweepAtCurrentSize(page: Page, label: string): Promise<string[]> {
  return (await seriousFindings(page)).map((f) => describeFinding(label, f));
}

/**
 * The logout screen goes on once its sign-out is answered (and 500 ms have passed), so the answer
 * is held while the screen is checked, as a slow sign-out shows it: the message and, after
 * 300 ms, the Loading overlay. (A fake clock did not hold it: an installed clock runs, and a busy
 * run missed the screen between two looks; paused, it stops the page's own scheduling too.)
 */
async function sweepLogout(page: Page, role: string): Promise<string[]> {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/logout', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/logout');
  await expect(page.getByText('Please wait, logging out')).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toBeVisible();
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const f of await seriousFindings(page)) found.push(describeFinding(`${role} /logout @${size.width}`, f));
  }
  answer();
  return found;
}

// A trace of some hundred axe runs costs more than it tells: the failure message names each finding.
// The journeys' reduced motion (playwright.config.ts) holds the carousels still, so axe never
// measures a slide halfway through its fade; the moving variants are checked, paused, in
// a11y-motion.spec.ts.
test.use({ trace: 'off' });

/**
 * Roles whose every route is also checked at phone width. A screen's body is the same for every
 * role that may open it (what differs by role is the header, the menus and greyed entries, swept
 * for every role at both widths below), so the member, the manager and the administrator — who
 * between them open every route — carry the phone-width pass; the other roles check their routes
 * at desktop width, and Home at both. Halves the sweep's time in CI (decision 0034).
 */
const PHONE_FOR_EVERY_ROUTE = new Set(['member.za@example.com', 'manager.za@example.com', 'admin@example.com']);

const MEMBERS = [
  'member.za@example.com',
  'member.ke@example.com',
  'member.trf@example.com',
  'manager.za@example.com',
  'admin@example.com',
  'rep@example.com',
  'uploader@example.com',
  'notify@example.com',
  'news@example.com',
  'incomplete@example.com',
];

test('the axe runner finds what it should, after a navigation in the app and inside a selector', async ({ page }) => {
  // The sweep passes when axe finds nothing, so its runner (axe evaluated once per document) is
  // shown to find a planted low-contrast text and an unlabelled field, on a later screen too.
  trackRequests(page);
  await acceptCookies(page);
  await page.goto('/hello');
  await settle(page);
  expect(await seriousFindings(page)).toEqual([]);
  await navigateInApp(page, '/register');
  await settle(page);
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.id = 'planted';
    planted.innerHTML = '<p style="color:#bbb;background:#fff">Faint words</p><input type="text">';
    document.querySelector('main')!.append(planted);
  });
  const rules = (findings: { rule: string }[]) => findings.map((f) => f.rule).sort();
  expect(rules(await seriousFindings(page))).toEqual(['color-contrast', 'label']);
  expect(rules(await seriousFindings(page, '#planted'))).toEqual(['color-contrast', 'label']);
  expect(await seriousFindings(page, 'footer')).toEqual([]);
});

test.describe('accessibility sweep', () => {
  // Up to some sixty routes at two widths for an administrator, on a shared machine.
  test.describe.configure({ timeout: 1_800_000 });

  for (const email of MEMBERS) {
    test(`the routes ${email} sweeps`, async ({ page }) => {
      trackRequests(page);
      await page.setViewportSize(WIDTHS[0]);
      await signInAs(page, email);
      const { capabilities, profile } = await sessionOf(page);
      const incomplete = (profile.cellNum ?? '').length < 10;
      const routes = routesFor(email, capabilities, await idsFor(page, capabilities), incomplete);
      const found: string[] = [];
      for (const path of routes) {
        await navigateInApp(page, path);
        await settle(page);
        const landed = new URL(page.url()).pathname;
        // The only redirect a member may meet here is the forced profile completion.
        if (landed !== path && !(incomplete && landed === '/myprofile/update')) {
          found.push(`${email} ${path}: sent on to ${landed}`);
        }
        const everyWidth = PHONE_FOR_EVERY_ROUTE.has(email) || path === '/' || incomplete;
        found.push(...(await sweepScreen(page, `${email} ${path}`, everyWidth ? WIDTHS : [WIDTHS[0]])));
      }
      // A route refused to this role shows the refusal notice: checked once per role.
      const refused = NAV_ENTRIES.find((e) => e.access === 'member' && routeAccess(e, capabilities) !== 'ok');
      if (refused && !incomplete) {
        await navigateInApp(page, entryHref(refused));
        found.push(...(await sweepScreen(page, `${email} ${entryHref(refused)} (refused)`)));
      }
      await navigateInApp(page, incomplete ? '/myprofile/update' : '/');
      await settle(page);
      found.push(...(await sweepMenus(page, email)));
      found.push(...(await sweepLogout(page, email)));
      expect(found).toEqual([]);
    });
  }

  test('every anonymous route, the cookie banner and the footer dialogs', async ({ page }) => {
    trackRequests(page);
    await page.setViewportSize(WIDTHS[0]);
    const found: string[] = [];
    await page.goto('/hello');
    // First visit: the cookie banner shows, and its preferences panel.
    await expect(page.getByRole('button', { name: 'I ACCEPT' })).toBeVisible();
    found.push(...(await sweepScreen(page, 'anonymous /hello with the cookie banner')));
    await page.getByRole('button', { name: 'Cookie Preferences' }).click();
    await expect(page.getByRole('checkbox', { name: /Functional/ })).toBeVisible();
    found.push(...(await sweepScreen(page, 'anonymous cookie preferences')));
    await acceptCookies(page);
    await page.goto('/hello');

    const routes = [
      ...NAV_ENTRIES.filter((e) => e.access === 'public' && e.page !== 'logout' && e.page !== 'content').map(entryHref),
      ...CONTENT_KEYS.map((key) => `/${key}`),
      NOT_FOUND,
    ];
    for (const path of routes) {
      await navigateInApp(page, path);
      found.push(...(await sweepScreen(page, `anonymous ${path}`)));
    }
    // The footer's dialogs load their content on demand.
    await page.setViewportSize(WIDTHS[0]);
    for (const name of ['Privacy Policy', 'Terms and Conditions']) {
      await page.getByRole('contentinfo').getByRole('button', { name }).click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      found.push(...(await sweepScreen(page, `anonymous footer ${name}`)));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    // /logout is swept for every signed-in role (sweepLogout); signed out it sends the visitor on
    // within 500 ms with no request that could hold it, and shows the same screen.
    expect(found).toEqual([]);
  });
});
