import { entryHref, NAV_ENTRIES } from '../apps/web/src/config/navigation.ts';
import { acceptCookies, expect, test } from './fixtures.ts';
import { navigateInApp, sweepScreen, trackRequests, WIDTHS } from './support/a11y.ts';
import { CONTENT_KEYS, NOT_FOUND } from './support/a11y-routes.ts';

/**
 * The accessibility sweep (a11y-sweep.spec.ts) for a visitor: every anonymous route, the cookie
 * banner and the footer dialogs.
 */

// No trace, as in a11y-sweep.spec.ts: the failure message names each finding.
test.use({ trace: 'off' });

test.describe('accessibility sweep', () => {
  // The same time as the signed-in sweep's: every anonymous route at two widths, on a shared machine.
  test.describe.configure({ timeout: 1_800_000 });

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
