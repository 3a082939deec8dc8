import type { Page } from '@playwright/test';
import { OIDC_E2E } from '../playwright.config.ts';
import { acceptCookies, expect, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';

const SHOTS = process.env.SSO_SHOTS_DIR ?? '.test-output/screenshots';

/** The provider's page pulls a web font from the internet: not needed here. */
async function offline(page: Page) {
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: `${SHOTS}/sso-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** At the provider's own login page: any password, the login is the account. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${OIDC_E2E.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('single sign-on through the OpenID provider', () => {
  test.beforeEach(async ({ page }) => {
    await offline(page);
    await page.goto('/hello');
    await acceptCookies(page);
  });

  test('signs in at the provider, lands on the remembered page, and signs out of both', async ({ page }) => {
    await page.goto('/statement');
    await expect(page).toHaveURL(/\/hello$/);
    const button = page.getByRole('link', { name: `Sign in with ${OIDC_E2E.label}` });
    await expect(button).toBeVisible();
    await expectNoSeriousFindings(page);
    await shoot(page, 'hello');

    await button.click();
    await signInAtProvider(page, 'member.za@example.com');
    await expect(page).toHaveURL(/\/statement$/);
    await expect(page.getByRole('heading', { name: 'Statement', exact: false }).first()).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
    expect(token).toMatch(/^[\w-]{43}$/);

    // Sign-out ends the portal session and the provider's (its confirmation page), then the site root.
    await page.goto('/logout');
    await expect(page).toHaveURL(new RegExp(`^${OIDC_E2E.issuer}/session/end`));
    await page.getByRole('button', { name: /yes, sign me out/i }).click();
    await expect(page).toHaveURL(/\/hello$/);
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const after = await page.request.post('/api/spa/loadsession', {
      data: {},
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
      failOnStatusCode: false,
    });
    expect(after.status()).toBe(401);
    // The provider forgot the member: signing in again asks for the login.
    await page.getByRole('link', { name: `Sign in with ${OIDC_E2E.label}` }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('someone the provider knows but the portal does not gets a clear page and no session', async ({ page }) => {
    await page.getByRole('link', { name: `Sign in with ${OIDC_E2E.label}` }).click();
    await signInAtProvider(page, 'stranger@elsewhere.example');
    await expect(page).toHaveURL(/\/welcometrfauth$/);
    await expect(page.getByText('No Ovation account found')).toBeVisible();
    await expect(
      page.getByText(
        'You signed in with Ovation ID, but no Ovation account matches your e-mail address. Contact support to have it added.',
        { exact: true },
      ),
    ).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
    await expectNoSeriousFindings(page);
    await shoot(page, 'refused');
  });

  test('replaying the authorization response is refused with a clear page', async ({ page }) => {
    const callback = page.waitForRequest((r) => r.url().includes('/welcometrfauth?code='));
    await page.getByRole('link', { name: `Sign in with ${OIDC_E2E.label}` }).click();
    await signInAtProvider(page, 'member.ke@example.com');
    const callbackUrl = (await callback).url();
    await expect(page).toHaveURL(/\/$/);
    // The page took the code out of the address bar; a replay of the same response is refused.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(callbackUrl);
    await expect(page.getByText('This sign-in has expired')).toBeVisible();
    await expect(page).toHaveURL(/\/welcometrfauth$/);
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
  });

  test('/welcometrfauth says so plainly when single sign-on is off', async ({ page }) => {
    // This server has it on; the page's off state is what it shows for { enabled: false }.
    await page.route('**/api/auth/oidc/config', (route) => route.fulfill({ json: { enabled: false, label: '' } }));
    await page.goto('/welcometrfauth');
    await expect(page.getByText('Single sign-on is not set up')).toBeVisible();
    await expectNoSeriousFindings(page);
    await shoot(page, 'off');
  });
});
