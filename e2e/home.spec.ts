import type { Locator, Page } from '@playwright/test';
import { expect, postHighFive, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';

/** The count a reaction button shows, and so its name, e.g. 'Like 3'. */
async function reaction(button: Locator) {
  const shown = await button.innerText();
  return {
    pressed: (await button.getAttribute('aria-pressed')) === 'true',
    count: Number(/(\d+)\s*$/.exec(shown)?.[1]),
  };
}

const kudosItems = (page: Page) => page.getByTestId('kudos-item');

test.describe('Home as a South African member', () => {
  test('side panel balance, enabled tiles, banner and the screenshots', async ({ page }) => {
    await signInAs(page, 'member.za@example.com');
    await expect(page.getByText('Your personal balance')).toBeVisible();
    await expect(page.getByRole('link', { name: 'REDEEM', exact: true })).toHaveAttribute('href', '/redeemrewards');
    await expect(page.getByText('Team recognition balance')).toHaveCount(0);
    const tiles = page.getByRole('navigation', { name: 'Quick actions' });
    await expect(tiles.getByRole('link', { name: /Game Board/ })).toHaveAttribute('href', '/flipcapgame');
    await expect(tiles.getByRole('link', { name: /plays? available/ })).toBeVisible();
    await expect(tiles.getByRole('link', { name: /Pay it Forward/ })).toHaveAttribute('href', '/payitforward');
    await expect(tiles.getByRole('link', { name: /Recognise/ })).toHaveAttribute('href', '/recognise');
    await expect(tiles.getByText('Not Available in your Country')).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Highlights' }).getByRole('button', { name: /Show slide/ }),
    ).toHaveCount(10);
    await expect(kudosItems(page).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-390.png`, fullPage: true });
  });

  test('a reaction counts at once and a second click withdraws it', async ({ page, request }) => {
    // A kudos of this journey's own: other workers post and react to kudos at the same time.
    const message = `Thanks for the reaction test, Naledi! ${Date.now()}-${Math.random()}`;
    await postHighFive(request, 'rep@example.com', 'Naledi Mokoena', message);
    await signInAs(page, 'member.za@example.com');
    const like = kudosItems(page)
      .filter({ hasText: message })
      .getByRole('button', { name: /^Like \d/ });
    const before = await reaction(like);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!before.pressed));
    await expect(like).toHaveAccessibleName(`Like ${before.count + (before.pressed ? -1 : 1)}`);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(before.pressed));
    await expect(like).toHaveAccessibleName(`Like ${before.count}`);
    // Who reacted is readable text, not only a tooltip.
    await expect(like).toHaveAccessibleDescription(/Liked by|Not liked yet/);
  });

  test('the Kudos Thread loads further pages while scrolling', async ({ page }) => {
    await signInAs(page, 'member.za@example.com');
    const scroller = page.getByTestId('kudos-scroller');
    await expect(kudosItems(page)).toHaveCount(20);
    for (const expected of [40, 60, 80]) {
      // As a reader keeps scrolling: on a fast machine a page can arrive and render within the
      // spec's 100 ms between loads, and a scroll to the new bottom in that moment is (rightly)
      // not a new load; the reader's next move is.
      await expect(async () => {
        await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight - el.clientHeight - 300 }));
        await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        // At least: a slow load that lands after a retry's scroll may have asked for one more.
        await expect.poll(() => kudosItems(page).count(), { timeout: 3_000 }).toBeGreaterThanOrEqual(expected);
      }).toPass({ timeout: 20_000 });
    }
    await expect(page.getByText('No more kudos to show')).toHaveCount(0);
  });

  test('celebrations tab offers High Five and Pay It Forward to registered members only', async ({ page }) => {
    await signInAs(page, 'member.za@example.com');
    await page.getByRole('tab', { name: 'Celebrations' }).click();
    const list = page.getByRole('list', { name: "Today's celebrations" });
    await expect(list).toBeVisible();
    await expect(list.getByRole('link', { name: /^High Five / }).first()).toHaveAttribute('href', /^\/high5\/\d+$/);
    await expect(list.getByRole('link', { name: /^Pay It Forward to / }).first()).toHaveAttribute(
      'href',
      /^\/payitforward\/\d+$/,
    );
    await expect(list.getByText(/Birthday|\d+ Years? anniversary/).first()).toBeVisible();
    const unregistered = list.getByRole('img', { name: 'Member Not Registered' });
    if ((await unregistered.count()) > 0) {
      const row = list.getByRole('listitem').filter({ has: unregistered.first() });
      await expect(row.getByRole('link')).toHaveCount(0);
    }
    await page.getByRole('tab', { name: 'Trending Behaviours' }).click();
    await expect(page.getByRole('list', { name: 'Trending Behaviours' }).getByRole('listitem').first()).toBeVisible();
  });

  test('on a phone a celebration shows the whole name, with its High Five and Pay It Forward under it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'member.za@example.com', '/celebrations');
    const row = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /^Pay It Forward to / }) })
      .first();
    const name = row.locator('p').first();
    await expect(name).toBeVisible();
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    expect(cut).toBe(false);
    const nameBox = (await name.boundingBox())!;
    const actionBox = (await row.getByRole('link', { name: /^High Five / }).boundingBox())!;
    expect(actionBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height);
  });

  test('on a phone what loads does not push what is on the screen: the footer starts below it, the coming days wait for today', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    let release!: () => void;
    const todayHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/site/getcelebrations', async (route) => {
      await todayHeld;
      await route.continue();
    });
    await signInAs(page, 'member.za@example.com', '/celebrations');
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
    expect((await page.getByRole('contentinfo').boundingBox())!.y).toBeGreaterThanOrEqual(844);
    await expect(page.getByRole('region', { name: /^Coming up/ })).toHaveCount(0);

    release();
    await expect(page.getByRole('region', { name: 'Today' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: /^Coming up/ })).toBeVisible();

    // However short the page, the footer waits below the first screen.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await page.getByRole('contentinfo').boundingBox())!.y).toBeGreaterThanOrEqual(844);
  });

  test('daily check-in: choosing a mood shows it as chosen, also after a reload', async ({ page }) => {
    await signInAs(page, 'member.za@example.com');
    const moods = page.getByRole('group', { name: "Today's mood" }).getByRole('button');
    await expect(moods).toHaveCount(3);
    await moods.nth(1).click();
    await expect(moods.nth(1)).toHaveAttribute('aria-pressed', 'true');
    // The choice shows at once; the saves go out one after another (the second waits for the
    // first), so the reload waits for the last one's answer, as a member's next visit would come after it.
    const lastSave = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/mood/data') &&
        r.request().method() === 'PUT' &&
        (r.request().postDataJSON() as { value?: number } | null)?.value === 1,
    );
    await moods.nth(0).click();
    await expect(moods.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(moods.nth(1)).toHaveAttribute('aria-pressed', 'false');
    expect((await lastSave).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('group', { name: "Today's mood" }).getByRole('button').nth(0)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('Error Saving Mood')).toHaveCount(0);
  });

  test('the pages beside Home', async ({ page }) => {
    await signInAs(page, 'member.za@example.com', '/gettoknow');
    const cards = page.getByRole('list', { name: 'Colleagues' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first().getByRole('link', { name: /^High Five / })).toHaveAttribute('href', /^\/high5\/\d+$/);
    await page.getByLabel('Search colleagues').fill('zzzz-nobody');
    await expect(page.getByText('No colleagues match "zzzz-nobody".')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/gettoknow.png`, fullPage: true });

    await page.goto('/celebrations');
    await expect(page.getByRole('heading', { name: 'Celebrations', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Coming up/ })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/celebrations.png`, fullPage: true });

    await page.goto('/dailycheckincalendar');
    await expect(page.getByRole('table', { name: /^Moods in / })).toBeVisible();
    // No month after the current one; back one month, the way forward opens again.
    const nextMonth = page.getByRole('button', { name: 'Next month' });
    await expect(nextMonth).toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(nextMonth).not.toHaveAttribute('aria-disabled');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/checkin-calendar.png`, fullPage: true });

    await page.goto('/wellbeing');
    await expect(page.getByRole('list', { name: 'Check-ins per mood' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/wellbeing.png`, fullPage: true });
  });
});

test('Home for a member in Kenya: Game Board and Pay it Forward are greyed with the hint', async ({ page }) => {
  await signInAs(page, 'member.ke@example.com');
  const tiles = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(tiles.getByRole('link', { name: /High Five/ })).toBeVisible();
  for (const href of ['/flipcapgame', '/payitforward']) {
    const tile = page.getByTestId(`tile-${href}`);
    await expect(tile).toHaveAttribute('aria-disabled', 'true');
    await expect(tile).toContainText('Not Available in your Country');
  }
  await expect(tiles.getByRole('link', { name: /Game Board|Pay it Forward/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'REDEEM', exact: true })).toHaveCount(0);
  await expect(page.getByText('Your personal balance')).toHaveCount(0);
});

test('Home for a manager: REWARD and the team recognition balance', async ({ page }) => {
  await signInAs(page, 'manager.za@example.com');
  await expect(page.getByText('Team recognition balance')).toBeVisible();
  await expect(page.getByRole('link', { name: 'REWARD', exact: true })).toHaveAttribute('href', '/recognise');
  await expect(page.getByRole('link', { name: 'REDEEM', exact: true })).toBeVisible();
});

test('Home for the TRF member: the daily check-in is locked', async ({ page }) => {
  await signInAs(page, 'member.trf@example.com');
  const moods = page.getByRole('group', { name: "Today's mood" }).getByRole('button');
  await expect(moods).toHaveCount(3);
  for (const i of [0, 1, 2]) await expect(moods.nth(i)).toBeDisabled();
  await expect(page.getByText('The daily check-in is not available for your unit.')).toBeVisible();
});
