import { expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings, WIDTHS } from './support/a11y.ts';

/**
 * Service milestones (issue 41, decision 0108), on the demo firm the portal starts with: Ruan
 * Venter reaches five years in 12 days, so when the portal started his manager was told; one of
 * the demo team reached three years today, posted then. The manager writes the message, a
 * colleague signs, Ruan sees a count and not the words; the award is in the Kudos Thread and in
 * the payroll report; the settings page is for those who run programmes.
 */
test.describe.configure({ mode: 'serial' });

test('the manager is told ahead, writes the message; a colleague signs; the member sees a count', async ({ page }) => {
  await page.setViewportSize(WIDTHS[0]);
  await signInAs(page, 'manager.za@example.com');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByText(/Ruan Venter reaches 5 years of service soon/).click();
  await expect(page).toHaveURL(/\/awards\/milestones\/\d+$/);
  const cardUrl = page.url();
  const card = page.getByRole('article', { name: 'Ruan Venter: 5 years of service' });
  await expect(card.getByText('Coming up')).toBeVisible();
  const message = card.getByRole('textbox', { name: /Your message, posted with the award/ });
  await expect(message).toHaveValue(/Congratulations on 5 years with us, Ruan!/);
  await message.fill('Ruan, five years of steady hands on every audit: thank you from all of us.');
  await card.getByRole('button', { name: 'Save message' }).click();
  await expect(page.getByText('Your message is saved: it is posted on the day.')).toBeVisible();
  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/milestone-manager-desktop.png`, fullPage: true });

  await signInAs(page, 'member.za@example.com', '/awards');
  await page.getByRole('link', { name: 'Milestones' }).click();
  const list = page.getByRole('article', { name: 'Ruan Venter: 5 years of service' });
  await list.getByRole('textbox', { name: /Sign the card/ }).fill('Congratulations Ruan, here is to five more!');
  await list.getByRole('button', { name: 'Sign the card' }).click();
  await expect(list.getByText('1 colleague has signed the card.')).toBeVisible();
  await expect(list.getByText('Congratulations Ruan, here is to five more!')).toBeVisible();
  for (const [i, width] of WIDTHS.entries()) {
    await page.setViewportSize(width);
    await expectNoSeriousFindings(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/milestones-${i === 0 ? 'desktop' : 'phone'}.png`,
      fullPage: true,
    });
  }

  await page.setViewportSize(WIDTHS[1]);
  await signInAs(page, 'member.trf@example.com', new URL(cardUrl).pathname);
  const own = page.getByRole('article', { name: 'Your 5 years with us' });
  await expect(
    own.getByText(/1 colleague has signed the card\. You will see their messages on the day\./),
  ).toBeVisible();
  await expect(own.getByText('Congratulations Ruan')).toHaveCount(0);
  await expect(own.getByRole('textbox')).toHaveCount(0);
  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/milestone-own-phone.png`, fullPage: true });
});

test('a milestone due today is in the Kudos Thread and the payroll report; settings for those who run programmes', async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS[0]);
  await signInAs(page, 'admin@example.com', '/');
  await expect(page.getByText('3 years of service').first()).toBeVisible();

  await page.goto('/reportlongservice');
  await expect(page.getByRole('heading', { level: 1, name: 'Long-service Awards (Payroll)' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Cash-like (points)' }).first()).toBeVisible();
  await expectNoSeriousFindings(page);

  await page.goto('/awardsadmin');
  await page.getByRole('link', { name: 'Service awards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Service Awards' })).toBeVisible();
  const coming = page.getByRole('region', { name: 'Coming up' });
  await expect(coming.getByRole('link', { name: 'Ruan Venter' })).toBeVisible();
  const settings = page.getByRole('form', { name: 'Service award settings' });
  await expect(settings.getByRole('switch', { name: 'Announce and post service milestones' })).toBeChecked();
  await settings.getByRole('textbox', { name: 'Days ahead the manager is told' }).fill('0');
  await settings.getByRole('button', { name: 'Save service awards' }).click();
  await expect(settings.getByText('Notice days must be at least 1')).toBeVisible();
  for (const [i, width] of WIDTHS.entries()) {
    await page.setViewportSize(width);
    await expectNoSeriousFindings(page);
    await page.screenshot({
      path: `${SCREENSHOT_DIR}/service-awards-${i === 0 ? 'desktop' : 'phone'}.png`,
      fullPage: true,
    });
  }
});
