import type { APIRequestContext, Page } from '@playwright/test';
import { OIDC_E2E } from '../playwright.config.ts';
import { acceptCookies, expect, SCREENSHOT_DIR, test, tokenFor } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';

/**
 * Provisioning as a firm's IT lead would try it (issue 42, decisions 0110 and 0111): the
 * directory creates a joiner over SCIM, who signs in with single sign-on; the directory moves them
 * to another division and manager; as a leaver they are cut off at once; as a returner they come
 * back to the same account.
 */
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const OVATION = 'urn:ietf:params:scim:schemas:extension:ovation:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function offline(page: Page) {
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
}

/** A scim token made by the demo report administrator, and a SCIM client with it. */
async function directory(request: APIRequestContext) {
  const { token, xsrf } = await tokenFor(request, 'admin@example.com');
  const made = await request.post('/api/admin/integrations/tokens', {
    data: { name: `Journey directory ${Date.now()}`, scopes: ['scim'] },
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(made.status()).toBe(200);
  const { secret } = (await made.json()) as { secret: string };
  return async (method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown) => {
    const res = await request.fetch(`/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/scim+json' },
      ...(data === undefined ? {} : { data: JSON.stringify(data) }),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown> & { id: string; Resources?: { id: string }[] };
  };
}

/** Signs in with single sign-on; `remembered`: the provider still knows them and asks nothing. */
async function signInWithSso(page: Page, email: string, remembered = false) {
  await page.goto('/hello');
  await page.getByRole('link', { name: `Sign in with ${OIDC_E2E.label}` }).click();
  if (remembered) return;
  await expect(page).toHaveURL(new RegExp(`^${OIDC_E2E.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** The signed-in member's profile as the portal answers it. */
async function profileOf(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/spa/loadsession', {
    data: {},
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    failOnStatusCode: false,
  });
  return { status: res.status(), profile: res.ok() ? ((await res.json()).profile as Record<string, unknown>) : null };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/provisioning-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a joiner from the directory signs in with SSO, moves, leaves and comes back whole', async ({ page, request }) => {
  await offline(page);
  await page.goto('/hello');
  await acceptCookies(page);
  const scim = await directory(request);
  const managerOf = async (email: string) =>
    (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).Resources![0]!.id;
  const firstManager = await managerOf('manager.za@example.com');
  const suffix = Date.now().toString(36);
  const email = `joiner.${suffix}@example.com`;

  // The joiner: created by the directory, never registered, signs in with single sign-on.
  const joiner = await scim('POST', '/Users', {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE, OVATION],
    externalId: `entra-${suffix}`,
    userName: email,
    active: true,
    name: { givenName: 'Zanele', familyName: `Joiner ${suffix}` },
    emails: [{ type: 'work', primary: true, value: email }],
    phoneNumbers: [{ type: 'mobile', value: '+27 82 555 0142' }],
    addresses: [{ type: 'work', country: 'ZA' }],
    [ENTERPRISE]: { employeeNumber: `J${suffix}`.slice(0, 20), manager: { value: firstManager } },
    [OVATION]: { unit: 'AUD', division1: 'Assurance', division2: 'Audit', hireDate: '2026-12-01' },
  });
  await signInWithSso(page, email);
  await expect(page).not.toHaveURL(/\/(hello|welcometrfauth)/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  const joined = await profileOf(page);
  expect(joined.profile).toMatchObject({ firstName: 'Zanele', division1: 'Assurance', country: 'South Africa' });
  await expectNoSeriousFindings(page);
  await shoot(page, 'joiner');

  // The mover: another division and manager, from the directory; the next page load shows them.
  const secondManager = await managerOf('admin@example.com');
  await scim('PATCH', `/Users/${joiner.id}`, {
    schemas: [PATCH_OP],
    Operations: [
      { op: 'Replace', path: `${OVATION}:division1`, value: 'Tax' },
      { op: 'Replace', path: `${OVATION}:division2`, value: 'Corporate Tax' },
      { op: 'Replace', path: `${ENTERPRISE}:manager`, value: secondManager },
    ],
  });
  const moved = await profileOf(page);
  expect(moved.profile).toMatchObject({ division1: 'Tax', division2: 'Corporate Tax' });
  expect(moved.profile!.managerName).toContain('Ayesha');

  // The leaver: cut off before the directory's call returns.
  await scim('PATCH', `/Users/${joiner.id}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  });
  expect((await profileOf(page)).status).toBe(401);
  await page.goto('/myrecognition');
  await expect(page).toHaveURL(/\/hello/);

  // The returner: the same account, signed in again with single sign-on.
  const back = await scim('PATCH', `/Users/${joiner.id}`, {
    schemas: [PATCH_OP],
    Operations: [{ op: 'replace', value: { active: true } }],
  });
  expect(back).toMatchObject({ id: joiner.id, active: true });
  // The provider still has them signed in: only the portal had cut them off.
  await signInWithSso(page, email, true);
  await expect(page).toHaveURL(/\/myrecognition$/);
  const returned = await profileOf(page);
  expect(returned.profile).toMatchObject({
    firstName: 'Zanele',
    division1: 'Tax',
    employeeNumber: `J${suffix}`.slice(0, 20),
  });
  await expectNoSeriousFindings(page);
});
