import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.ts';

/**
 * Auto-moving content (WCAG 2.2.2, 2.3.3): the banner carousel and the news ticker can be paused,
 * and stay still when the device asks for reduced motion. The clock is Playwright's, so five
 * seconds of carousel pass at once and nothing waits on real time.
 */
const highlights = (page: Page) => page.getByRole('region', { name: 'Highlights' });
const currentSlide = (page: Page) =>
  highlights(page).locator('[aria-current="true"]').first().getAttribute('aria-label');
/** The element that scrolls: the two copies of the list sit in it. */
const tickerTrack = (page: Page) => page.getByTestId('news-ticker').locator('ul').first().locator('..');
const animationState = (page: Page) =>
  tickerTrack(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return { name: style.animationName, state: style.animationPlayState };
  });

test.describe('with normal motion', () => {
  // The journeys' default is reduced motion (playwright.config.ts); this one asks for none.
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('the banners move on by themselves until paused, and the ticker stops on Pause', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, 'member.za@example.com');
    await expect(
      highlights(page)
        .getByRole('button', { name: /Show slide/ })
        .first(),
    ).toBeVisible();
    const first = await currentSlide(page);
    await page.clock.runFor(5_500);
    await expect.poll(() => currentSlide(page)).not.toBe(first);

    await highlights(page).getByRole('button', { name: 'Pause banners' }).click();
    await page.mouse.move(0, 0); // hovering also pauses: take the pointer away to see the button alone
    const paused = await currentSlide(page);
    await page.clock.runFor(16_000);
    expect(await currentSlide(page)).toBe(paused);
    await expect(highlights(page).getByRole('button', { name: 'Play banners' })).toBeVisible();

    await expect(tickerTrack(page)).toBeVisible();
    expect((await animationState(page)).state).toBe('running');
    await page.getByRole('button', { name: 'Pause news ticker' }).click();
    await page.mouse.move(0, 0);
    expect((await animationState(page)).state).toBe('paused');
    await expect(page.getByRole('button', { name: 'Play news ticker' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the banners and the ticker stay still, with nothing to pause', async ({ page }) => {
    await page.clock.install();
    await signInAs(page, 'member.za@example.com');
    await expect(
      highlights(page)
        .getByRole('button', { name: /Show slide/ })
        .first(),
    ).toBeVisible();
    const first = await currentSlide(page);
    await page.clock.runFor(16_000);
    expect(await currentSlide(page)).toBe(first);
    await expect(highlights(page).getByRole('button', { name: /^(Pause|Play) banners$/ })).toHaveCount(0);

    await expect(tickerTrack(page)).toBeVisible();
    expect((await animationState(page)).name).toBe('none');
    await expect(page.getByRole('button', { name: /news ticker/ })).toHaveCount(0);
    // Still reachable: the news scroll sideways under the keyboard.
    await expect(page.getByRole('group', { name: 'News items, scroll sideways' })).toBeVisible();
  });
});
