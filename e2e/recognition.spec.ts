import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signInAs, test, tokenFor } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';

/**
 * Points moving through the screens of issue 4: a manager recognises two team members with
 * points, a High Five reaches the thread, a South African member pays it forward, a Kenyan
 * member is refused, and the statements show every movement. Each journey moves and checks
 * its own balances and finds its own rows by their unique message, so they run in parallel
 * with each other and with the other files: the recognition moves the manager's team budget
 * and Naledi's and Ruan's points; Pay It Forward moves the manager's own points to Ayesha.
 */
const MANAGER = 'manager.za@example.com'; // Thabo Nkosi
const NALEDI = 'member.za@example.com'; // Naledi Mokoena, in the demo manager's team
const RUAN = 'member.trf@example.com'; // Ruan Venter, in the demo manager's team
const AYESHA = 'admin@example.com'; // Ayesha Patel
const KENYA = 'member.ke@example.com';
/** Today as statements show it (dd/MM/yyyy): the seed has older lines with the same names. */
const TODAY = new Date().toLocaleDateString('en-GB');
const todaysRow = (page: Page, name: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: name }).filter({ hasText: TODAY }).last();

interface Balances {
  awardsPointsAvailable: number;
  awardsPointsAvailable1: number;
  awardsPointsAvailableMng: number;
}

async function balancesOf(request: APIRequestContext, email: string): Promise<Balances> {
  const { token, xsrf } = await tokenFor(request, email);
  const res = await request.post('/api/spa/loadsession', {
    data: {},
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { profile: Balances }).profile;
}

/** Points as spec §9 groups them: '19 950'. */
const points = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200); // the header switches to its phone layout after a resize
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Types into a colleague picker and chooses the matching option from the server's list. */
async function pickColleague(page: Page, label: string, search: string, name: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // A multi-picker stays open for the next colleague (Mantine's MultiSelect); a member closes it
  // before going on, or its list covers the fields below.
  await input.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}

test('a manager recognises two team members with points: their balances and the team budget change', async ({
  page,
  request,
}) => {
  const [managerBefore, naledi, ruan] = [
    await balancesOf(request, MANAGER),
    await balancesOf(request, NALEDI),
    await balancesOf(request, RUAN),
  ];

  await signInAs(page, MANAGER, '/recognise');
  await expect(page.getByRole('heading', { name: 'Recognise', level: 1 })).toBeVisible();
  await pickColleague(page, 'Colleagues', 'Naledi', 'Naledi Mokoena');
  await pickColleague(page, 'Colleagues', 'Ruan', 'Ruan Venter');
  await page.getByRole('radio', { name: 'Stronger Together' }).click();
  const thanks = `Thank you both for carrying the year-end audit. ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Message/ }).fill(thanks);
  await page.getByLabel(/Kudos for each colleague/).fill('25');
  await expect(page.getByTestId('team-points-total')).toContainText('25 × 2 colleagues = 50 Kudos');
  await shoot(page, 'recognise-filled');

  await page.getByRole('button', { name: 'SEND RECOGNITION' }).click();
  const success = page.getByRole('status').filter({ hasText: 'Recognition sent' });
  // The confirmation is the server's own answer.
  await expect(success).toContainText('Your recognition of Naledi Mokoena and Ruan Venter has been sent.');
  // The form is ready for the next one and the team balance shown is the new one.
  await expect(page.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  await expect(page.getByText(/^Team recognition balance$/).locator('xpath=..')).toContainText(
    points(managerBefore.awardsPointsAvailableMng - 50),
  );
  await shoot(page, 'recognise-sent');

  const managerAfter = await balancesOf(request, MANAGER);
  expect(managerAfter.awardsPointsAvailableMng).toBe(managerBefore.awardsPointsAvailableMng - 50);
  expect((await balancesOf(request, NALEDI)).awardsPointsAvailable).toBe(naledi.awardsPointsAvailable + 25);
  expect((await balancesOf(request, RUAN)).awardsPointsAvailable).toBe(ruan.awardsPointsAvailable + 25);

  // The management statement shows what went to whom.
  await page.goto('/managementstatement');
  await expect(todaysRow(page, 'Naledi Mokoena')).toContainText('25 DR');
  await expect(todaysRow(page, 'Ruan Venter')).toContainText('25 DR');
  await shoot(page, 'statement-management');

  // My Recognition lists it as given (the send marked it stale, so it is fetched afresh).
  await page.goto('/myrecognition');
  await page.getByRole('tab', { name: /Given/ }).click();
  await expect(page.getByText(thanks).first()).toBeVisible();
});

test('a High Five appears in the Kudos Thread labelled High Five', async ({ page, request }) => {
  await signInAs(page, NALEDI, '/high5');
  await pickColleague(page, 'Colleague', 'Ruan', 'Ruan Venter');
  const note = `High five, Ruan! ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Your note/ }).fill(note);
  await shoot(page, 'high5-filled');
  await page.getByRole('button', { name: 'SEND HIGH FIVE' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'High Five sent' })).toContainText(
    'Your High Five to Ruan Venter has been sent.',
  );
  await shoot(page, 'high5-sent');

  const { token, xsrf } = await tokenFor(request, NALEDI);
  const res = await request.post('/api/shoutouts/ShoutOutList', {
    data: { page: 1 },
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  const { shoutOuts } = (await res.json()) as { shoutOuts: { fields: string[]; rows: unknown[][] } };
  const col = (name: string) => shoutOuts.fields.indexOf(name);
  const item = shoutOuts.rows.find((r) => r[col('message')] === note);
  expect(item?.[col('f3')]).toBe('High Five');
  expect(item?.[col('memberName')]).toBe('Ruan Venter');
  expect(item?.[col('fromMemberName')]).toBe('Naledi Mokoena');
});

test('a South African member pays it forward and the statement shows it', async ({ page, request }) => {
  const before = await balancesOf(request, MANAGER);
  const ayeshaBefore = await balancesOf(request, AYESHA);
  await signInAs(page, MANAGER, '/payitforward');
  await expect(page.getByTestId('personal-balance')).toContainText(points(before.awardsPointsAvailable));
  await pickColleague(page, 'Colleague', 'Ayesha', 'Ayesha Patel');

  // More than the balance is refused on the form before anything is sent.
  await page.getByLabel(/Kudos to share/).fill(String(before.awardsPointsAvailable + 1));
  const note = `Paying forward the Kudos from the audit team. ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Message/ }).fill(note);
  await page.getByRole('button', { name: 'PAY IT FORWARD' }).click();
  await expect(page.getByText(/you cannot share more than that/)).toBeVisible();

  await page.getByLabel(/Kudos to share/).fill('10');
  await shoot(page, 'payitforward-filled');
  await page.getByRole('button', { name: 'PAY IT FORWARD' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Points shared' })).toContainText(
    'You paid forward 10 Kudos to Ayesha Patel. Thank you!',
  );
  // The balance shown is the one the server answered with; the session was not reloaded.
  await expect(page.getByTestId('personal-balance')).toContainText(points(before.awardsPointsAvailable - 10));
  // The points field names the tighter of the balance and what is left to give today, as the server counts it.
  const { token } = await tokenFor(request, MANAGER);
  const allowance = (await (
    await request.get('/api/payitforward/allowance', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { dailyCap: number; givenToday: number; leftToday: number };
  expect(allowance.givenToday).toBeGreaterThanOrEqual(10);
  const balanceAfter = before.awardsPointsAvailable - 10;
  await expect(
    page.getByText(
      allowance.leftToday < balanceAfter
        ? `Up to ${points(allowance.leftToday)} Kudos today: at most ${points(allowance.dailyCap)} a day; you have given ${points(allowance.givenToday)} today.`
        : `Up to your personal balance of ${points(balanceAfter)} Kudos.`,
    ),
  ).toBeVisible();
  await shoot(page, 'payitforward-sent');
  expect((await balancesOf(request, MANAGER)).awardsPointsAvailable).toBe(before.awardsPointsAvailable - 10);
  expect((await balancesOf(request, AYESHA)).awardsPointsAvailable).toBe(ayeshaBefore.awardsPointsAvailable + 10);

  await page.goto('/statement');
  await expect(todaysRow(page, 'Ayesha Patel')).toContainText('10 DR');
  await expect(page.getByRole('table')).toContainText('Closing balance');
  await shoot(page, 'statement-points');

  // The CSV export downloads through fetch with the bearer token.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  await page.goto('/gameplaystatement');
  await expect(page.getByRole('heading', { name: 'Game Play Statement' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Opening balance');
  await shoot(page, 'statement-plays');

  await page.goto('/myrecognition');
  await expect(page.getByRole('tab', { name: /Received/ })).toBeVisible();
  await shoot(page, 'myrecognition-received');
  await page.getByRole('tab', { name: /Given/ }).click();
  await expect(page.getByText(note).first()).toBeVisible();
  await shoot(page, 'myrecognition-given');
});

test('the Kenyan member sees Pay It Forward greyed and is refused', async ({ page, request }) => {
  await signInAs(page, KENYA, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Recognise', exact: true }).click();
  const item = page.getByRole('menuitem', { name: /Pay It Forward/ });
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await expect(item).toContainText('Not Available in your Country');
  await page.keyboard.press('Escape');

  await page.goto('/payitforward');
  await expect(page.getByText('Not Available in your Country').first()).toBeVisible();
  await shoot(page, 'payitforward-kenya');

  // The server refuses too, whatever the browser does.
  const { token, xsrf } = await tokenFor(request, KENYA);
  const res = await request.post('/api/payitforward/send', {
    data: { toMemberId: 1, points: 1, message: 'Hi' },
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status()).toBe(403);
});

test('a form sent with mistakes keeps its errors in view, readable at AA, with amounts as typed', async ({ page }) => {
  await signInAs(page, RUAN, '/recognise');
  await page.getByRole('button', { name: 'SEND RECOGNITION' }).click();
  const message = page.getByText('Choose at least one colleague');
  await expect(message).toBeVisible();
  // The first field in error has the keyboard; it and its message are below the sticky header
  // (60 px), and its list stays shut.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-invalid', 'true');
  expect((await message.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  expect((await focused.boundingBox())!.y).toBeGreaterThanOrEqual(60);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expectNoSeriousFindings(page, 'main');

  await page.goto('/payitforward');
  await page.getByLabel(/Kudos to share/).fill('1.5');
  await page.getByRole('button', { name: 'PAY IT FORWARD' }).click();
  await expect(page.getByText('Points must be a whole number')).toBeVisible();
  await expect(page.getByLabel(/Kudos to share/)).toHaveValue('1.5');
  await expectNoSeriousFindings(page, 'main');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/form-errors-payitforward-1280.png` });
});
