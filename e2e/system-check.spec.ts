import { expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';

test('the System check at /test finds this browser able to use the portal', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, 'member.ke@example.com', '/test');
  await expect(page.getByRole('heading', { level: 1, name: 'System check' })).toBeVisible();
  const rows = page.getByTestId('system-check');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'ok');
  await expect(page.getByRole('row', { name: /Live updates/ })).toContainText(/connected in \d+ ms/);

  await page.getByRole('button', { name: 'Copy the results' }).click();
  await expect(page.getByText('The results are on your clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^System check, \d{4}-/);
  expect(copied).toContain('OK  Portal server: The portal answered in');

  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/system-check-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/system-check-390.png`, fullPage: true });
});
