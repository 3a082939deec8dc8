import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signInAs, test, tokenFor } from './fixtures.ts';
import { expectNoSeriousFindings, WIDTHS } from './support/a11y.ts';

/**
 * The Audit Trail (issue 43, decision 0113), as a firm's auditor would use it: the report
 * administrator changes what happens to leavers' points on the Integrations screen, then finds
 * who changed it and what it was before under Management → Audit Trail, and exports it.
 */
const DESKTOP = WIDTHS[0];
const PHONE = { width: 375, height: 812 };

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

async function putLeavers(request: APIRequestContext, body: { points: string; keepDays: number }) {
  const { token, xsrf } = await tokenFor(request, 'admin@example.com');
  const res = await request.put('/api/admin/integrations/leavers', {
    data: body,
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
}

test('an administrator finds who changed the leavers setting and what it was before, and exports it', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, 'admin@example.com', '/integrations');
  const form = page
    .getByRole('region', { name: 'When a member leaves' })
    .getByRole('form', { name: 'When a member leaves' });
  try {
    await form.getByRole('radio', { name: /^Keep them for a number of days/ }).check();
    await form.getByRole('textbox', { name: /^Days/ }).fill('45');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();

    // Management → Audit Trail, searched for the setting.
    await page.getByRole('button', { name: 'Management', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Audit Trail' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search' }).fill('leavers');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/search=leavers/);
    const row = page.getByRole('table').locator('tbody tr').first();
    await expect(row).toContainText('settings.update');
    await expect(row).toContainText('setting leavers');
    await expect(row).toContainText('"keepDays": 90');
    await expect(row).toContainText('"keepDays": 45');
    // The demo report administrator.
    await expect(row).toContainText('Ayesha Patel');
    await expectNoSeriousFindings(page);
    await shoot(page, 'audit-trail-desktop');

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(/^reportaudit-\d{4}-\d{2}-\d{2}\.csv$/);
    const body = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    expect(body.split('\r\n')[0]).toContain('Before');
    expect(body).toContain('settings.update');

    await page.setViewportSize(PHONE);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await expectNoSeriousFindings(page);
    await shoot(page, 'audit-trail-phone');
  } finally {
    // Other journeys expect the default.
    await putLeavers(request, { points: 'keep', keepDays: 90 });
  }
});
