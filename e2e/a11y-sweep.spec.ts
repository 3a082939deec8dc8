import { entryHref, NAV_ENTRIES, routeAccess } from '../apps/web/src/config/navigation.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { navigateInApp, settle, sweepScreen, trackRequests, WIDTHS } from './support/a11y.ts';
import { sweepLogout, sweepMenus } from './support/a11y-chrome.ts';
import { idsFor, routesFor, sessionOf } from './support/a11y-routes.ts';

/**
 * The accessibility sweep (issue 15): every route of spec §2 — taken from the one navigation
 * list the router is built from, so a new route joins the sweep by itself — for the demo accounts
 * that show each variant of it (MEMBER_SCREENS in support/a11y-routes.ts), at desktop and phone
 * width, checked with axe-core over the whole page.
 * The bar is no serious or critical finding. One test per role, so workers run roles side by side;
 * each signs in once and moves between routes inside the app. Anonymous routes:
 * a11y-sweep-anonymous.spec.ts; the axe runner itself: a11y-sweep-runner.spec.ts.
 */

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
      const routes = routesFor(email, capabilities, await idsFor(page, capabilities, incomplete), incomplete);
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
});
