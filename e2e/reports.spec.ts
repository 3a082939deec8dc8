import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';

/**
 * Reports (issue 12): the rep opens the dashboard and three reports, filters, sorts, pages and
 * exports; a plain member is refused. Screens at desktop and phone width, checked with axe.
 */
const SHOTS = process.env.REPORT_SHOTS_DIR ?? '.test-output/screenshots/reports';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'phone' ? 844 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Our screens: the page's main region (the shell has its own checks).
const expectAccessible = (page: Page) => expectNoSeriousFindings(page, 'main');

const table = (page: Page) => page.getByRole('table').last();
const pagination = (page: Page) => page.locator('.mantine-datatable-pagination');

// One test per screen group, so each stays well inside the timeout on a slow machine and they
// run in parallel; none changes data the others read.
test('the rep reads the report dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports/dashboard');
  await signInAs(page, 'rep@example.com', '/reportdashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recognition equity' })).toBeVisible({ timeout: 30_000 });
  // Every behaviour's bar is named on the axis (the charts library skips labels that would touch).
  const { byBehaviour } = (await (await answer).json()) as { byBehaviour: { behaviour: string }[] };
  expect(byBehaviour.length).toBeGreaterThan(4);
  // A long name wraps into lines of its own, so the words are compared without the spaces.
  const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, '');
  const chart = page.getByRole('region', { name: 'By behaviour' }).locator('svg.recharts-surface');
  await expect(chart).toBeVisible();
  const named = squeeze(await chart.textContent());
  for (const { behaviour } of byBehaviour) expect(named).toContain(squeeze(behaviour));
  await expect(page.getByRole('region', { name: 'Recognitions per week' }).locator('.recharts-surface')).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'dashboard');
});

test('the rep sorts, pages, filters and exports Member Balances', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Member Balances: sort by balance (server side), page, filter by division.
  await signInAs(page, 'rep@example.com', '/reportmemberbalances');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Balances' })).toBeVisible();
  await expect(pagination(page)).toContainText(/1–25 of \d+/);
  await table(page)
    .getByRole('button', { name: /^Points balance/ })
    .click();
  await expect(page).toHaveURL(/sort=pointsBalance&dir=asc/);
  await table(page)
    .getByRole('button', { name: /^Points balance/ })
    .click();
  await expect(page).toHaveURL(/dir=desc/);
  const num = (s: string) => Number(s.replace(/\s/g, ''));
  const balanceAt = async (i: number) =>
    num(await table(page).locator('tbody tr').nth(i).locator('td').nth(7).innerText());
  // Sorted by the server: the largest balances first once the page has arrived.
  await expect.poll(async () => (await balanceAt(0)) > 0 && (await balanceAt(0)) >= (await balanceAt(1))).toBe(true);
  await pagination(page).getByRole('button', { name: '2', exact: true }).click();
  await expect(pagination(page)).toContainText(/26–50 of/);
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('combobox', { name: 'Division', exact: true }).click();
  await page.getByRole('option', { name: 'Assurance', exact: true }).click();
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/division1=\d+/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(table(page).locator('tbody tr').first().locator('td').nth(2)).toHaveText('Assurance');
  await expect(page.getByRole('region', { name: 'Totals' }).or(page.getByLabel('Totals'))).toContainText(
    'Points balance',
  );
  await expectAccessible(page);
  await shoot(page, 'member-balances');

  // Export the filtered result as CSV and XLSX through the API client.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/^reportmemberbalances-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await csvFile.createReadStream()).toArray();
  const body = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(body.split('\r\n')[0]).toContain('Points balance');
  expect(body).toContain('Assurance');
  expect(body).not.toMatch(/\r\n[^\r\n]*,Tax,/);
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/\.xlsx$/);
});

test('the rep searches Transactions, reads the check-in analysis and is refused SimplySay', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Transactions: search and a period typed as dd/MM/yyyy.
  await signInAs(page, 'rep@example.com', '/reporttransactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions Report' })).toBeVisible();
  const today = new Date();
  const dmy = `${String(today.getUTCDate()).padStart(2, '0')}/${String(today.getUTCMonth() + 1).padStart(2, '0')}/${today.getUTCFullYear()}`;
  await page.getByRole('textbox', { name: 'To' }).fill(dmy);
  await page.getByRole('textbox', { name: 'Search' }).fill('Recognition');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/to=\d{4}-\d{2}-\d{2}/);
  await expect(page).toHaveURL(/search=Recognition/);
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'transactions');

  // Daily check-in analysis: chart and k-anonymous table.
  await page.goto('/reportdailycheckinanalysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Check-In Analysis' })).toBeVisible();
  const moodChart = page.getByRole('region', { name: /Average mood by week/ });
  await expect(moodChart).toBeVisible();
  // The demo's divisions each have fewer than 5 members checking in: named, not drawn as lines.
  await expect(moodChart.getByText(/^Not charted, hidden for privacy in every week shown: .*Advisory/)).toBeVisible();
  await expect(moodChart.locator('.recharts-legend-item', { hasText: 'Advisory' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'checkin-analysis');

  // Not for the rep: the admin-only reports.
  await page.goto('/reportsimplysay');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('a plain member is refused the reports and the report API', async ({ page }) => {
  await signInAs(page, 'member.za@example.com', '/reportmemberbalances');
  await expect(page.getByText('You do not have access to this page.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const res = await page.request.get('/api/reports', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  await shoot(page, 'member-refused');
});

test('a report admin opens the SimplySay report', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'admin@example.com', '/reportsimplysay');
  await expect(page.getByRole('heading', { level: 1, name: 'SimplySay Report' })).toBeVisible();
  await expect(pagination(page)).toContainText(/of \d+/);
  await expectAccessible(page);
  await shoot(page, 'simplysay');
});
