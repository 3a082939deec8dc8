import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { BASE_URL, expect, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';
import { activationLink } from './support/activation-link.ts';

const JOINER_PASSWORD = 'Joiner-journey-2026';

/** Administration journeys (issue 11): uploads, roles, news. Screens are saved at 1280 and 390 wide. */
const SHOTS = process.env.ADMIN_SHOTS_DIR ?? '.test-output/screenshots';
// Journeys of several screens, uploads and background work: more than the default 45 s under load.
test.describe.configure({ timeout: 120_000 });
const tag = () => randomBytes(3).toString('hex').toUpperCase();

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function employeeNumberOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/spa/loadsession', {
    data: {},
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  return ((await res.json()) as { profile: { employeeNumber: string } }).profile.employeeNumber;
}

async function uploadFile(page: Page, kind: 'Members' | 'Points', name: string, text: string) {
  await page.goto('/admindataupload');
  await page.getByLabel('What the file holds').getByText(kind, { exact: true }).click();
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'CHECK FILE' }).click();
  await expect(page.getByTestId('upload-status')).toHaveText('Checked');
}

test('an uploader downloads the template, checks a points file with bad rows and one for themselves, applies it and a colleague sees it', async ({
  page,
}) => {
  await signInAs(page, 'uploader@example.com', '/admindataupload');
  await expect(page.getByRole('heading', { name: 'Data Upload' })).toBeVisible();
  await page.getByLabel('What the file holds').getByText('Points', { exact: true }).click();
  await expect(page.getByRole('cell', { name: 'Account', exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the points template' }).click();
  const template = await readFile(await (await download).path());
  expect(template.toString().split('\r\n')[0]).toBe('\uFEFFEmployee number,Points,Account,Reason');
  await shoot(page, 'admin-upload-start');
  await expectNoSeriousFindings(page, '#main-content');
  // On a phone the columns are a list that fits, not a table that scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('cell', { name: 'Account', exact: true })).toBeHidden();
  await expect(page.getByRole('term').filter({ hasText: /^Account/ })).toContainText('required');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousFindings(page, '#main-content');
  await page.setViewportSize({ width: 1280, height: 900 });

  const me = await employeeNumberOf(page);
  // The points go to a colleague (no uploader credits themselves, decision 0081).
  const colleague = await page.context().browser()!.newPage();
  await signInAs(colleague, 'member.za@example.com');
  const them = await employeeNumberOf(colleague);
  const reason = `Bonus ${tag()}`;
  const file = [
    'Employee number,Points,Account,Reason',
    `${them},125,personal,${reason}`,
    `NOBODY-${tag()},10,personal,Unknown`,
    `${them},abc,personal,Not a number`,
    `${them},5,personal,${reason} extra`,
    `${me},50,personal,For me`,
  ].join('\n');
  const fileName = `bonus-${tag()}.csv`;
  await uploadFile(page, 'Points', fileName, file);
  await expect(page.getByTestId('refused-row')).toHaveCount(3);
  await expect(page.getByTestId('refused-row').first()).toContainText('No member has employee number');
  await expect(page.getByTestId('refused-row').last()).toContainText('You cannot upload points to yourself');
  await shoot(page, 'admin-upload-preview');
  await expectNoSeriousFindings(page, '#main-content');

  await page.getByRole('button', { name: /APPLY 2 ROWS/ }).click();
  await expect(page.getByTestId('upload-status')).toHaveText('Applied', { timeout: 20_000 });
  await shoot(page, 'admin-upload-applied');

  await colleague.goto('/statement');
  await expect(colleague.getByRole('cell', { name: `Points awarded — ${reason}`, exact: true })).toBeVisible();
  await colleague.close();
  await page.goto('/reportuploads');
  // This file's row (the other journey's members file may be listed above it).
  await expect(page.getByTestId('upload-row').filter({ hasText: fileName })).toContainText('Applied');
  await shoot(page, 'admin-uploads-report');
  await expectNoSeriousFindings(page, '#main-content');
});

test('a member from a members file registers; a report admin grants a role and the member sees the new menu', async ({
  page,
  browser,
}) => {
  const t = tag();
  const email = `joiner.${t.toLowerCase()}@example.com`;
  await signInAs(page, 'uploader@example.com');
  const file = [
    'Employee number,First name,Surname,E-mail,Cell number,Country,Unit,Active',
    `J${t},Joiner,Upload${t},${email},+27 82 555 0199,South Africa,AUD,yes`,
    `J${t}X,Broken,Row,not-an-email,,South Africa,AUD,yes`,
  ].join('\n');
  await uploadFile(page, 'Members', `joiners-${t}.csv`, file);
  await expect(page.getByTestId('refused-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'APPLY 1 ROW', exact: true }).click();
  await expect(page.getByTestId('upload-status')).toHaveText('Applied', { timeout: 20_000 });

  // The joiner claims their account.
  const joiner = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await joiner.goto('/register');
  await joiner.getByLabel('Employee number').fill(`J${t}`);
  await joiner.getByLabel('Work e-mail address').fill(email);
  await joiner.getByRole('button', { name: 'REGISTER' }).click();
  await expect(joiner.getByRole('status').filter({ hasText: 'Check your e-mail' })).toBeVisible();
  // Registration proves the mailbox (docs/decisions/0015): the link arrives by e-mail.
  const link = await activationLink(email);
  await joiner.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await joiner.getByRole('textbox', { name: 'Password', exact: true }).fill(JOINER_PASSWORD);
  await joiner.getByRole('textbox', { name: 'Confirm password' }).fill(JOINER_PASSWORD);
  await joiner.getByRole('button', { name: 'ACTIVATE ACCOUNT' }).click();
  await expect(joiner.getByRole('status').filter({ hasText: 'Your account is ready' })).toBeVisible();

  // A report admin grants them the news role.
  const admin = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await signInAs(admin, 'admin@example.com', '/reportroles');
  await admin.getByLabel('Find a member').fill(`Upload${t}`);
  await admin.getByRole('button', { name: `Change roles of Joiner Upload${t}` }).click();
  await admin.getByRole('checkbox', { name: /^news/ }).check();
  await admin.getByRole('button', { name: 'SAVE ROLES' }).click();
  await expect(admin.getByTestId('role-change').first()).toContainText(`Joiner Upload${t}`);
  await admin.getByLabel('Find a member').fill('');
  await shoot(admin, 'admin-roles-report');
  await expectNoSeriousFindings(admin, '#main-content');

  // At their next session load, the joiner has the Management menu with News Bulletin Admin.
  await signInAs(joiner, email, '/', JOINER_PASSWORD);
  const nav = joiner.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Management', exact: true }).click();
  await expect(joiner.getByRole('menuitem', { name: 'News Bulletin Admin' })).toBeVisible();
});

test('the news editor schedules an item and sees it in the ticker', async ({ page }) => {
  await signInAs(page, 'news@example.com', '/newsbulletinadmin');
  const text = `Town hall on Friday ${tag()}`;
  await page.getByLabel('News text').fill(text);
  // Days are typed as dd/mm/yyyy (spec §9) and times as HH:mm, in the browser's zone.
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  const time = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const from = new Date(Date.now() - 120_000);
  const until = new Date(Date.now() + 86_400_000);
  await page.getByLabel('Show from').fill(day(from));
  await page.getByLabel('From time').fill(time(from));
  await page.getByLabel('Show until').fill(day(until));
  await page.getByLabel('Until time').fill(time(until));
  await expect(page.getByRole('region', { name: 'Ticker preview' })).toContainText(text);
  await page.getByRole('button', { name: 'ADD NEWS ITEM' }).click();
  await expect(page.getByTestId('news-item').filter({ hasText: text })).toContainText('Showing');
  await shoot(page, 'admin-news');
  await expectNoSeriousFindings(page, '#main-content');

  await page.goto('/');
  await expect(page.getByTestId('news-ticker')).toContainText(text);
});
