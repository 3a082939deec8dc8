import { expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings, WIDTHS } from './support/a11y.ts';

/**
 * Managers told who has been missed, and the awards figures (issue 41): the manager's Management
 * Statement opens with the team members nobody recognised in 30 days, each a click from
 * Recognise; a report administrator reads the awards tile and the Awards Report.
 */
test('a manager sees who has been missed and recognises one from the list', async ({ page }) => {
  for (const [i, width] of WIDTHS.entries()) {
    await page.setViewportSize(width);
    await signInAs(page, 'manager.za@example.com', '/managementstatement');
    const missed = page.getByRole('region', { name: 'Not recognised in the last 30 days' });
    await expect(missed).toBeVisible();
    await expectNoSeriousFindings(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/missed-${i === 0 ? 'desktop' : 'phone'}.png`, fullPage: true });
  }
  const missed = page.getByRole('region', { name: 'Not recognised in the last 30 days' });
  const first = missed.getByRole('link', { name: /^Recognise / }).first();
  const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Recognise /, '');
  await first.click();
  await expect(page).toHaveURL(/\/recognise\/\d+$/);
  await expect(page.getByText(name).first()).toBeVisible();
});

test('a report administrator reads the awards tile and the Awards Report', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await signInAs(page, 'admin@example.com', '/reportdashboard');
  const tile = page.getByRole('region', { name: 'Awards' });
  await expect(tile.getByText('Nominations', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Not recognised in 30 days, by division' })).toBeVisible();
  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-awards-desktop.png`, fullPage: true });
  await tile.getByRole('link', { name: 'Every nomination in the Awards Report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awards Report' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Star Awards' }).first()).toBeVisible();
  await page.setViewportSize(WIDTHS[1]);
  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/awards-report-phone.png`, fullPage: true });
});
