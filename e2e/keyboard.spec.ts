import type { APIRequestContext } from '@playwright/test';
import { expect, signInAs, test, tokenFor } from './fixtures.ts';
import { chooseByTyping, expectFocusVisible, tabTo } from './support/keyboard.ts';

/**
 * Keyboard-only journeys (issue 15): no mouse click anywhere — Tab, Shift+Tab, Enter, Space and the
 * arrow keys — with the focus ring checked at every stop and the outcome read back from the server.
 * Each journey uses demo accounts whose balances no other journey checks.
 */
const JOHAN = 'rep@example.com'; // Johan Botha
const CHANTAL = 'news@example.com'; // Chantal Jacobs
const SIPHO = 'notify@example.com'; // Sipho Khumalo

// One after another in one worker: the Game Board and redeem journeys both read Sipho's balance,
// and a prize won on the board would otherwise land in the middle of the redeem journey's check.
test.describe.configure({ mode: 'default' });

async function apiAs(request: APIRequestContext, email: string) {
  const { token, xsrf } = await tokenFor(request, email);
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  return {
    async profile() {
      const res = await request.post('/api/spa/loadsession', { data: {}, headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { profile: { awardsPointsAvailable: number; awardsPointsAvailable1: number } })
        .profile;
    },
    async threadHas(message: string) {
      const res = await request.post('/api/shoutouts/ShoutOutList', { data: { page: 1 }, headers });
      const { shoutOuts } = (await res.json()) as { shoutOuts: { fields: string[]; rows: unknown[][] } };
      return shoutOuts.rows.some((r) => r[shoutOuts.fields.indexOf('message')] === message);
    },
  };
}

test('recognise a colleague with the member picker and the behaviour cards', async ({ page, request }) => {
  await signInAs(page, JOHAN, '/recognise');
  await expect(page.getByRole('heading', { name: 'Recognise', level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole('combobox', { name: 'Colleagues', exact: true }));
  await chooseByTyping(page, 'Lerato', /Lerato Molefe/);
  await page.keyboard.press('Escape');
  // Sent too early: the keyboard is taken to the first field in error, the behaviour cards.
  const cards = page.getByRole('radio');
  await tabTo(page, page.getByRole('button', { name: 'SEND RECOGNITION' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Choose a behaviour')).toBeVisible();
  await expect(cards.first()).toBeFocused();
  await expectFocusVisible(page);
  // The behaviour cards: arrows move the choice.
  await page.keyboard.press('ArrowDown');
  await expect(cards.nth(1)).toBeFocused();
  await expect(cards.nth(1)).toHaveAttribute('aria-checked', 'true');
  await expectFocusVisible(page);
  const thanks = `Thank you for the upload checks, Lerato. ${Date.now()}`;
  await tabTo(page, page.getByRole('textbox', { name: /^Message/ }));
  await page.keyboard.type(thanks);
  await tabTo(page, page.getByRole('button', { name: 'SEND RECOGNITION' }));
  await page.keyboard.press('Enter');
  // The confirmation takes the focus, with its ring.
  const sent = page.getByRole('status').filter({ hasText: 'Recognition sent' });
  await expect(sent).toBeFocused();
  await expectFocusVisible(page);
  expect(await (await apiAs(request, JOHAN)).threadHas(thanks)).toBe(true);
});

test('send a High Five', async ({ page, request }) => {
  await signInAs(page, CHANTAL, '/high5');
  await tabTo(page, page.getByRole('combobox', { name: 'Colleague', exact: true }));
  // Johan: Sipho's balance is checked by the redeem and Game Board journeys running alongside.
  await chooseByTyping(page, 'Johan', /Johan Botha/);
  const note = `High five for the uploads report, Johan! ${Date.now()}`;
  await tabTo(page, page.getByRole('textbox', { name: /^Your note/ }));
  await page.keyboard.type(note);
  await tabTo(page, page.getByRole('button', { name: 'SEND HIGH FIVE' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'High Five sent' })).toBeFocused();
  await expectFocusVisible(page);
  expect(await (await apiAs(request, CHANTAL)).threadHas(note)).toBe(true);
});

test('Pay It Forward moves the points', async ({ page, request }) => {
  const chantal = await apiAs(request, CHANTAL);
  const before = (await chantal.profile()).awardsPointsAvailable;
  await signInAs(page, CHANTAL, '/payitforward');
  await tabTo(page, page.getByRole('combobox', { name: 'Colleague', exact: true }));
  await chooseByTyping(page, 'Kagiso', /Kagiso Mahlangu/);
  await tabTo(page, page.getByLabel(/Kudos to share/));
  await page.keyboard.type('5');
  await tabTo(page, page.getByRole('textbox', { name: /^Message/ }));
  await page.keyboard.type(`Passing on the Kudos, Kagiso. ${Date.now()}`);
  await tabTo(page, page.getByRole('button', { name: 'PAY IT FORWARD' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Points shared' })).toBeFocused();
  await expectFocusVisible(page);
  expect((await chantal.profile()).awardsPointsAvailable).toBe(before - 5);
});

test('daily check-in on Home', async ({ page, request }) => {
  await signInAs(page, JOHAN, '/');
  const moods = page.getByRole('group', { name: "Today's mood" }).getByRole('button');
  await expect(moods).toHaveCount(3);
  const target = (await moods.nth(1).getAttribute('aria-pressed')) === 'true' ? moods.nth(2) : moods.nth(1);
  await tabTo(page, target);
  await page.keyboard.press('Enter');
  await expect(target).toHaveAttribute('aria-pressed', 'true');
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
  const { token, xsrf } = await tokenFor(request, JOHAN);
  const res = await request.get('/api/mood/data/', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  const saved = (await res.json()) as { moodData: { value: number } | number | null };
  expect(JSON.stringify(saved.moodData)).toMatch(/[123]/);
});

test('play the Game Board', async ({ page, request }) => {
  const sipho = await apiAs(request, SIPHO);
  const before = (await sipho.profile()).awardsPointsAvailable1;
  expect(before).toBeGreaterThan(0);
  await signInAs(page, SIPHO, '/flipcapgame');
  await tabTo(page, page.getByRole('button', { name: 'Cap 1', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('game-announcement')).toContainText('Cap 1:');
  // The focus moves on to what comes next, visibly.
  await expect(page.getByRole('button', { name: /Play again|Reset the board/ })).toBeFocused();
  await expectFocusVisible(page);
  expect((await sipho.profile()).awardsPointsAvailable1).toBe(before - 1);
});

test('redeem a reward: catalogue, basket, checkout', async ({ page, request }) => {
  const sipho = await apiAs(request, SIPHO);
  const before = (await sipho.profile()).awardsPointsAvailable;
  // A donation: an order with a voucher cannot be cancelled (its codes are shown at once).
  await signInAs(page, SIPHO, '/redeemrewards/charity');
  await tabTo(page, page.getByLabel('Search rewards'));
  await page.keyboard.type('SPCA');
  await expect(page.getByTestId('reward-card')).toHaveCount(1);
  const add = page.getByRole('button', { name: 'Add to basket: SPCA' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const basket = page.getByRole('link', { name: /My Basket \(1\)/ });
  await expect(basket).toBeVisible();
  await tabTo(page, basket, { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/redeemrewards\/basket$/);
  await tabTo(page, page.getByRole('button', { name: 'CHECKOUT' }));
  await page.keyboard.press('Enter');
  const placeOrder = page.getByRole('dialog').getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeVisible();
  await tabTo(page, placeOrder);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId('order').first().getByTestId('order-status')).toHaveText('Placed');
  expect((await sipho.profile()).awardsPointsAvailable).toBe(before - 100);
  // Closing the confirmation with Escape hands the focus back to the button that opened it.
  const cancel = page.getByTestId('order').first().getByRole('button', { name: 'Cancel order' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await expectFocusVisible(page);
});
