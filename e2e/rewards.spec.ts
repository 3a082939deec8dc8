import type { Page } from '@playwright/test';
import { expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';
import { VOUCHER_ORDER_NOT_CANCELLABLE } from '@ovation/shared/rewards-rules';
import { expectNoSeriousFindings } from './support/a11y.ts';

/**
 * Rewards (issue 9): a South African member browses a category, searches, adds a voucher and a
 * delivery item, checks out, sees the code and the new balance on My Orders and Home (an order
 * with a voucher cannot be cancelled), orders the delivery item again, cancels that order and
 * gets the points back; a Kenyan member has no My Rewards menu and no REDEEM button.
 * Serial: the steps share one member's balance.
 */
test.describe.configure({ mode: 'serial' });

const NALEDI = 'member.za@example.com';
const KENYA = 'member.ke@example.com';

const points = (text: string | null) => Number((text ?? '').replace(/[^\d-]/g, ''));
/** Points as the screens show them (spec §9: a space between thousands). */
const shown = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** axe-core on the page's main content: no serious or critical findings. */
const expectAccessible = (page: Page) => expectNoSeriousFindings(page, 'main');

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/rewards-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a South African member redeems rewards, sees the code and the balance, and cancels', async ({ page }) => {
  // A long journey with screenshots at two widths on a shared machine.
  test.setTimeout(150_000);
  await signInAs(page, NALEDI, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'My Rewards', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Redeem Rewards' }).click();
  await expect(page).toHaveURL(/\/redeemrewards$/);
  await expect(page.getByTestId('reward-card').first()).toBeVisible();
  const startBalance = points(await page.getByTestId('rewards-balance').textContent());
  expect(startBalance).toBeGreaterThan(0);

  // A category has its own address.
  await page
    .getByRole('navigation', { name: 'Reward categories' })
    .getByRole('link', { name: /Gift Vouchers/ })
    .click();
  await expect(page).toHaveURL(/\/redeemrewards\/vouchers/);
  await expect(page.getByTestId('reward-card')).toHaveCount(10);
  await expectAccessible(page);
  await shoot(page, 'catalogue');

  // Search (kept in the address), then add the voucher.
  await page.getByLabel('Search rewards').fill('takealot');
  await expect(page).toHaveURL(/q=takealot/);
  await expect(page.getByTestId('reward-card')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add to basket: Takealot R250 Gift Voucher' }).click();
  await expect(page.getByRole('link', { name: /My Basket \(1\)/ })).toBeVisible();

  // The item page of a delivery item: description, value in Rand, "balance after this".
  await page
    .getByRole('navigation', { name: 'Reward categories' })
    .getByRole('link', { name: /Home & Living/ })
    .click();
  await expect(page).toHaveURL(/\/redeemrewards\/home\?q=takealot$/);
  await page.getByLabel('Search rewards').fill('');
  await expect(page).toHaveURL(/\/redeemrewards\/home$/);
  await page.getByRole('link', { name: 'Scented Candle Trio' }).click();
  await expect(page).toHaveURL(/\/redeemrewards\/item\/\d+$/);
  const candlePage = page.url();
  await expect(page.getByRole('heading', { name: 'Scented Candle Trio' })).toBeVisible();
  await expect(page.getByText('Value R 299.00')).toBeVisible();
  const candle = points(await page.getByTestId('reward-points').textContent());
  await expect(page.getByTestId('rewards-balance-after')).toHaveText(`${shown(startBalance - 250 - candle)} Kudos`);
  await expectAccessible(page);
  await shoot(page, 'item');
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await expect(page.getByRole('link', { name: /My Basket \(2\)/ })).toBeVisible();

  // The basket: two lines, totals, the remembered address, CHECKOUT.
  await page.getByRole('link', { name: /My Basket \(2\)/ }).click();
  await expect(page).toHaveURL(/\/redeemrewards\/basket$/);
  await expect(page.getByTestId('basket-line')).toHaveCount(2);
  await expect(page.getByTestId('basket-total')).toHaveText(`${shown(250 + candle)} Kudos`);
  await expect(page.getByLabel('Street address')).toHaveValue('12 Protea Road');
  await expectAccessible(page);
  await shoot(page, 'basket');
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  // One look before the points go: the total, and that the voucher cannot be taken back.
  const confirm = page.getByRole('dialog', { name: 'Place this order?' });
  await expect(confirm).toContainText(`${shown(250 + candle)} Kudos will be taken from your balance.`);
  await expect(confirm).toContainText('an order with a voucher cannot be cancelled');
  await shoot(page, 'checkout-confirm');
  await confirm.getByRole('button', { name: 'Place order' }).click();

  // My Orders: the new order with its code; the balance the server answered, here and on Home.
  await expect(page).toHaveURL(/\/orders$/);
  const order = page.getByTestId('order').first();
  await expect(order.getByTestId('order-status')).toHaveText('Placed');
  await expect(order.getByTestId('voucher-code')).toHaveText(/^TKL-/);
  const afterCheckout = points(await page.getByTestId('orders-balance').textContent());
  expect(afterCheckout).toBe(startBalance - 250 - candle);
  await expectAccessible(page);
  await shoot(page, 'orders');
  // On a narrow phone the code stays on one line: it is copied or typed whole.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await order.getByTestId('voucher-code').evaluate((el) => el.getClientRects().length)).toBe(1);
  await page.setViewportSize(desktop);
  await page.goto('/');
  await expect(page.getByText('Your personal balance')).toBeVisible();
  await expect(page.getByText(`${shown(afterCheckout)} Kudos`).first()).toBeVisible();

  // The order holds a voucher whose code is already shown: it cannot be cancelled, and says why.
  await page.goto('/orders');
  await expect(order.getByTestId('order-not-cancellable')).toHaveText(VOUCHER_ORDER_NOT_CANCELLABLE);
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // An order of the candle alone can be cancelled while placed: the points come back.
  await page.goto(candlePage);
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await page.getByRole('link', { name: /My Basket \(1\)/ }).click();
  await page.getByRole('button', { name: 'CHECKOUT' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('orders-balance')).toHaveText(`${shown(afterCheckout - candle)} Kudos`);
  await page.getByTestId('order').first().getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order').first().getByTestId('order-status')).toHaveText('Cancelled and refunded');
  await expect(page.getByTestId('orders-balance')).toHaveText(`${shown(afterCheckout)} Kudos`);
});

test('a Kenyan member has no My Rewards menu and no REDEEM button', async ({ page }) => {
  await signInAs(page, KENYA, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Get to Know' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'My Rewards', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'REDEEM' })).toHaveCount(0);
  await page.goto('/redeemrewards');
  await expect(page.getByText('Not Available in your Country')).toBeVisible();
});

test('an administrator manages the catalogue and fulfils an order', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin@example.com', '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Management', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rewards Catalogue' }).click();
  await expect(page).toHaveURL(/\/rewardsadmin$/);
  await expect(page.getByTestId('admin-reward')).toHaveCount(40);
  await expectAccessible(page);
  await shoot(page, 'admin-catalogue');
  // On a phone every item's actions are on the screen, not past its right edge, and work there.
  await page.setViewportSize({ width: 390, height: 844 });
  const edits = page.getByRole('button', { name: /^Edit / });
  await expect(edits).toHaveCount(40);
  const rightEdges = await edits.evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().right));
  expect(Math.max(...rightEdges)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.getByRole('button', { name: 'Edit Air Fryer' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Air Fryer' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  await nav.getByRole('button', { name: 'Management', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Rewards Fulfilment' }).click();
  await expect(page).toHaveURL(/\/rewardsfulfilment$/);
  await page.getByLabel('Search').fill('Naledi');
  // The demo firm's order being processed (the member's journey above left one placed beside it).
  const order = page
    .getByTestId('queue-order')
    .filter({ hasText: 'Scented Candle Trio' })
    .filter({ has: page.getByTestId('queue-status').filter({ hasText: /^Processing$/ }) });
  await expect(order).toHaveCount(1);
  await expectAccessible(page);
  await shoot(page, 'admin-fulfilment');
  // On a narrow phone a line's Kudos stay on one line ("314 Kudos", not "314" then "Kudos").
  await page.setViewportSize({ width: 360, height: 800 });
  const lineKudos = order.locator('span', { hasText: /^\d[\d\s]* Kudos$/ });
  const lineTops = await lineKudos.evaluate((el) => [...el.getClientRects()].map((r) => Math.round(r.top)), null, {
    timeout: 10_000,
  });
  expect(new Set(lineTops).size).toBe(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  const title = (await order.getByRole('heading').textContent()) ?? '';
  await order.getByLabel('Note (e.g. courier reference)').fill('Courier TCG-123');
  await order.getByRole('button', { name: 'Mark fulfilled' }).click();
  await expect(page.getByTestId('queue-order').filter({ hasText: title })).toHaveCount(0);
  // The focus does not fall back to the page: it goes to the order now in that place.
  await expect(page.locator('[data-queue-heading]:focus')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Fulfilled' }).click();
  const done = page.getByTestId('queue-order').filter({ hasText: title });
  await expect(done.getByTestId('queue-status')).toHaveText('Fulfilled');
  await expect(done).toContainText('Courier TCG-123');
});
