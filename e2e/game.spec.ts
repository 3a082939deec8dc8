import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';

/**
 * The Game Board (issue 10): a South African member flips a cap and sees the prize and both
 * balances change here and on Home, then finds the play on /gameplaystatement; a member with no
 * plays sees why; the Kenyan member cannot play. Members used here are used by no other spec.
 */
const PLAYER = 'uploader@example.com';
const NO_PLAYS = 'news@example.com';
const KENYA = 'member.ke@example.com';
const TODAY = new Date().toLocaleDateString('en-GB');

interface Balances {
  awardsPointsAvailable: number;
  awardsPointsAvailable1: number;
}

async function apiAs(request: APIRequestContext, email: string) {
  await request.get('/api/auth/xsrf');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { authToken: string }).authToken;
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  return {
    balances: async (): Promise<Balances> => {
      const session = await request.post('/api/spa/loadsession', { data: {}, headers });
      return ((await session.json()) as { profile: Balances }).profile;
    },
    board: () => request.get('/api/game/board', { headers }),
    play: (cap: number) =>
      request.post('/api/game/play', {
        data: { cap },
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      }),
  };
}

const points = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-${name}-1280.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200); // the header switches to its phone layout after a resize
  await page.screenshot({ path: `${SCREENSHOT_DIR}/game-${name}-390.png`, fullPage: true, animations: 'disabled' });
  // The board fits a phone: no horizontal scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const figure = (page: Page, label: string) => page.locator('dl > div').filter({ hasText: label });

test('a South African member flips a cap, sees the prize and both balances change, and finds the play', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // five axe-core runs and ten screenshots
  const api = await apiAs(request, PLAYER);
  const before = await api.balances();
  expect(before.awardsPointsAvailable1).toBeGreaterThan(0);

  await signInAs(page, PLAYER, '/');
  const tile = page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: /Game Board/ });
  await expect(tile).toContainText(`${before.awardsPointsAvailable1} play`);
  await tile.click();
  await expect(page).toHaveURL(/\/flipcapgame$/);
  await expect(page.getByRole('heading', { name: 'Game Board', level: 1 })).toBeVisible();
  await expect(page.getByTestId('prize-odds')).toContainText('Better luck next time');
  await expect(page.getByTestId('prize-odds')).toContainText('50%');
  await expect(
    page.getByText(/You earn 1 play each time a colleague recognises you, up to 10 plays a day/),
  ).toBeVisible();
  await expect(figure(page, 'Plays available')).toContainText(String(before.awardsPointsAvailable1));
  await expect(page.getByRole('button', { name: /^Cap \d+$/ })).toHaveCount(12);
  await expectNoSeriousFindings(page, '#main-content');
  await shoot(page, 'board');

  // Keyboard play: focus a cap and press Enter.
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/game/play'));
  await page.getByRole('button', { name: 'Cap 7', exact: true }).focus();
  await page.keyboard.press('Enter');
  const played = (await (await answer).json()) as { prize: { label: string; points: number }; playsAvailable: number };
  expect(played.playsAvailable).toBe(before.awardsPointsAvailable1 - 1);
  const status = page.getByTestId('game-announcement');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toContainText(`Cap 7: ${played.prize.points > 0 ? 'you won ' : ''}${played.prize.label}`);
  await expect(page.getByRole('button', { name: `Cap 7: ${played.prize.label}` })).toBeVisible();
  await expect(figure(page, 'Plays available')).toContainText(String(played.playsAvailable));
  const kudosAfter = before.awardsPointsAvailable + played.prize.points;
  await expect(figure(page, 'Your balance')).toContainText(`${points(kudosAfter)} Kudos`);
  const again = page.getByRole('button', { name: /Play again|Reset the board/ });
  await expect(again).toBeFocused();
  await expectNoSeriousFindings(page, '#main-content');
  await shoot(page, 'prize');

  // Home shows both new balances at once (no reload: the session took the answer's balances).
  await page.getByRole('link', { name: 'Ovation home' }).click();
  await expect(tile).toContainText(`${played.playsAvailable} play`);
  await expect(page.getByText('Your personal balance').locator('..')).toContainText(`${points(kudosAfter)} Kudos`);
  expect(await api.balances()).toMatchObject({
    awardsPointsAvailable: kudosAfter,
    awardsPointsAvailable1: played.playsAvailable,
  });

  await page.goto('/gameplaystatement');
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `Game Board play — Cap 7: ${played.prize.label}` })
    .filter({ hasText: TODAY });
  await expect(row).toContainText('1 DR');
  await expect(figure(page, 'Plays used')).toContainText('1 play');
  await expect(figure(page, 'Won on the Game Board')).toContainText(`${points(played.prize.points)} Kudos`);
  await expectNoSeriousFindings(page, '#main-content');
  await shoot(page, 'statement');

  await page.goto('/programmerules');
  const section = page.getByRole('region', { name: 'The Game Board' });
  await expect(section.getByTestId('prize-odds')).toContainText('100 Kudos');
  await expect(section.getByTestId('prize-odds')).toContainText('3%');
  await expectNoSeriousFindings(page, '#main-content');
  await shoot(page, 'how-it-works');
});

test('the flip honours reduced motion', async ({ browser }) => {
  const flipSeconds = async (reducedMotion: 'reduce' | 'no-preference') => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await signInAs(page, PLAYER, '/flipcapgame');
    const inner = page.getByRole('button', { name: 'Cap 1', exact: true }).locator('span').first();
    const seconds = parseFloat(await inner.evaluate((el) => getComputedStyle(el).transitionDuration));
    await context.close();
    return seconds;
  };
  expect(await flipSeconds('no-preference')).toBeCloseTo(0.6, 3);
  expect(await flipSeconds('reduce')).toBeLessThan(0.001);
});

test('a member with no plays sees why, and cannot flip', async ({ page, request }) => {
  const api = await apiAs(request, NO_PLAYS);
  for (let left = (await api.balances()).awardsPointsAvailable1; left > 0; left--) {
    expect((await api.play(1)).status()).toBe(200);
  }
  const refused = await api.play(2);
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { message: string }).message).toMatch(/no game plays left/);

  await signInAs(page, NO_PLAYS, '/flipcapgame');
  const noPlays = page.getByRole('alert').filter({ hasText: 'You have no plays left' });
  await expect(noPlays).toBeVisible();
  await expect(noPlays).toContainText(/You earn 1 play each time a colleague recognises you, up to 10 plays a day/);
  for (const cap of await page.getByRole('button', { name: /^Cap \d+$/ }).all()) await expect(cap).toBeDisabled();
  await expectNoSeriousFindings(page, '#main-content');
  await shoot(page, 'no-plays');
});

test('the Kenyan member cannot play', async ({ page, request }) => {
  await signInAs(page, KENYA, '/');
  const tile = page.getByRole('navigation', { name: 'Quick actions' }).getByTestId('tile-/flipcapgame');
  await expect(tile).toHaveAttribute('aria-disabled', 'true');
  await expect(tile).toContainText('Not Available in your Country');
  await page.goto('/flipcapgame');
  await expect(page.getByText('Not Available in your Country').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cap \d+$/ })).toHaveCount(0);
  await shoot(page, 'kenya');

  const api = await apiAs(request, KENYA);
  expect((await api.board()).status()).toBe(403);
  expect((await api.play(1)).status()).toBe(403);
});
