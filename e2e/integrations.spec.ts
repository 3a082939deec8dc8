import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signInAs, test, tokenFor } from './fixtures.ts';
import { expectNoSeriousFindings, WIDTHS } from './support/a11y.ts';

/**
 * The Integrations screen (issue 42, decision 0110): the demo report administrator makes a token
 * for the directory, sees its secret once and the directory's SCIM service takes it; rotated, the
 * old secret is refused at once and the new one works; revoked, it is refused too. And what
 * happens to a leaver's points (decision 0111), chosen and put back to the default.
 */
const DESKTOP = WIDTHS[0];
const PHONE = { width: 375, height: 812 };

/** The status the SCIM service answers a call made with this secret. */
async function scimStatus(request: APIRequestContext, secret: string) {
  const res = await request.get('/scim/v2/ServiceProviderConfig', { headers: { authorization: `Bearer ${secret}` } });
  return res.status();
}

/** The secret the panel shows, after checking it is shown as the screen promises. */
async function shownSecret(page: Page, title: string) {
  const panel = page.getByRole('region', { name: title });
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await expect(panel.getByText('Copy it now: it is not shown again.')).toBeVisible();
  const input = panel.getByRole('textbox', { name: 'Secret' });
  await expect(input).toHaveAttribute('readonly', '');
  const secret = await input.inputValue();
  expect(secret).toMatch(/^ovn_/);
  return { panel, secret };
}

/** Nothing on the page holds the secret any more. */
async function secretGone(page: Page, secret: string) {
  const held = await page.evaluate(
    (s) => [...document.querySelectorAll('input')].some((i) => i.value === s) || document.body.innerText.includes(s),
    secret,
  );
  expect(held).toBe(false);
}

/** A full-page screenshot from the top: scrolled, the sticky header would be drawn halfway down. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);

test('an administrator makes a SCIM token, sees its secret once, rotates and revokes it', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin@example.com', '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Management', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  // A name is required and a token needs a scope: the form says so by each field.
  const form = page.getByRole('form', { name: 'New token' });
  await form.getByRole('button', { name: 'Make the token' }).click();
  await expect(form.getByText('Name the token')).toBeVisible();
  await expect(form.getByText('Choose at least one scope')).toBeVisible();

  const name = `Directory sync ${Date.now().toString(36)}`;
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('checkbox', { name: /scim/ }).check();
  // Days are typed as dd/mm/yyyy (spec §9): the token works to the end of it.
  await form.getByLabel(/^Last day/).fill('31/12/2099');
  await form.getByRole('button', { name: 'Make the token' }).click();

  const made = await shownSecret(page, `The secret of ${name}`);
  await made.panel.getByRole('button', { name: 'Copy' }).click();
  await expect(made.panel.getByRole('status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(made.secret);
  const row = page.getByTestId('integration-token').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${made.secret.slice(0, 10)}…`);
  await expect(row).toContainText('never'); // not used yet
  await expect(row).toContainText('after 31/12/2099');
  await expect(row).toContainText('Active');
  await expectNoSeriousFindings(page);
  await shoot(page, 'integrations-desktop');

  // The directory's SCIM service takes the secret.
  expect(await scimStatus(request, made.secret)).toBe(200);

  await made.panel.getByRole('button', { name: 'Done' }).click();
  await expect(made.panel).toBeHidden();
  await secretGone(page, made.secret);
  // Shown once: the screen opened again lists the token, never its secret.
  await page.reload();
  await expect(row).toContainText('Active');
  await secretGone(page, made.secret);

  // Rotated, at phone width: the old secret stops at once, the new one works.
  await page.setViewportSize(PHONE);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: `Rotate ${name} (${made.secret.slice(0, 10)}…)` }).click();
  const rotateBox = page.getByRole('dialog', { name: `Rotate ${name}?` });
  await expect(rotateBox).toContainText('The old secret stops working at once');
  await rotateBox.getByRole('button', { name: 'Rotate' }).click();
  const rotated = await shownSecret(page, `The new secret of ${name}`);
  expect(rotated.secret).not.toBe(made.secret);
  await expect(rotated.panel).toContainText('The old secret no longer works.');
  expect(await scimStatus(request, made.secret)).toBe(401);
  expect(await scimStatus(request, rotated.secret)).toBe(200);
  await expect(row).toHaveCount(2);
  await expect(row.filter({ hasText: 'Revoked' })).toHaveCount(1);
  await noSidewaysScroll(page);
  await expectNoSeriousFindings(page);
  await shoot(page, 'integrations-phone');
  await rotated.panel.getByRole('button', { name: 'Done' }).click();
  await expect(rotated.panel).toBeHidden();

  // Revoked: refused from now on, and no longer offered Rotate or Revoke.
  const revokeButton = page.getByRole('button', { name: `Revoke ${name} (${rotated.secret.slice(0, 10)}…)` });
  await revokeButton.click();
  const revokeBox = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await revokeBox.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${name} is revoked.`)).toBeVisible();
  await expect(revokeButton).toHaveCount(0);
  await expect(row.filter({ hasText: 'Revoked' })).toHaveCount(2);
  expect(await scimStatus(request, rotated.secret)).toBe(401);
  await noSidewaysScroll(page);
  await expectNoSeriousFindings(page);
  await shoot(page, 'integrations-revoked-phone');
});

/** The `leavers` setting as the server keeps it. */
async function leaversSetting(request: APIRequestContext, body?: { points: string; keepDays: number }) {
  const { token, xsrf } = await tokenFor(request, 'admin@example.com');
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const url = '/api/admin/integrations/leavers';
  const res = body ? await request.put(url, { data: body, headers }) : await request.get(url, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()) as { points: string; keepDays: number };
}

test('an administrator chooses what happens to a leaver’s points, and puts back the default', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin@example.com', '/integrations');
  // Where the directory's work is listed.
  await expect(page.getByRole('link', { name: 'Provisioning Log' })).toHaveAttribute('href', '/reportprovisioning');

  const form = page
    .getByRole('region', { name: 'When a member leaves' })
    .getByRole('form', { name: 'When a member leaves' });
  const keep = form.getByRole('radio', { name: /^Keep them for a number of days/ });
  const forfeit = form.getByRole('radio', { name: /^Give them back to the firm when the member leaves/ });
  const days = form.getByRole('textbox', { name: /^Days/ });
  const saved = page.getByText('Saved.', { exact: true });
  try {
    // The default: kept 90 days.
    await expect(keep).toBeChecked();
    await expect(days).toHaveValue('90');
    await expect(form).toContainText('a leaver is signed out everywhere at once');

    // Forfeited: no days to ask for; still so when the screen is opened again.
    await forfeit.check();
    await expect(days).toHaveCount(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(saved).toBeVisible();
    await page.reload();
    await expect(forfeit).toBeChecked();
    await expect(keep).not.toBeChecked();
    await expect(days).toHaveCount(0);
    expect(await leaversSetting(request)).toEqual({ points: 'forfeit', keepDays: 90 });

    // Back to kept 90 days (other journeys expect the default); days out of range are refused first.
    await keep.check();
    await days.fill('0');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Keep them for at least 1 day')).toBeVisible();
    await expect(days).toBeFocused();
    await days.fill('90');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(saved).toBeVisible();
    await expect(form.getByText('Keep them for at least 1 day')).toHaveCount(0);
    await page.reload();
    await expect(keep).toBeChecked();
    await expect(days).toHaveValue('90');
    expect(await leaversSetting(request)).toEqual({ points: 'keep', keepDays: 90 });

    await expectNoSeriousFindings(page);
    await shoot(page, 'integrations-leavers-desktop');
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await expectNoSeriousFindings(page);
    await shoot(page, 'integrations-leavers-phone');
  } finally {
    // Whatever failed, the firm's default again.
    await leaversSetting(request, { points: 'keep', keepDays: 90 });
  }
});

test('the Integrations screen is refused to a member who is not a report administrator', async ({ page }) => {
  await signInAs(page, 'rep@example.com', '/integrations');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
});
