import { expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings, WIDTHS } from './support/a11y.ts';

/**
 * Award programmes as people use them (issue 41): a member nominates a colleague; the manager
 * finds it in their approvals, lowers the level and approves; the next step is the manager's
 * manager. The demo seed's Star Awards programme and its two waiting nominations are the setting.
 */
test.describe('awards', () => {
  test('a member nominates; the manager changes the level and approves', async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]);
    await signInAs(page, 'member.za@example.com', '/awards');
    await expect(page.getByRole('heading', { name: 'Awards', level: 1 })).toBeVisible();
    const form = page.getByRole('form', { name: 'Nominate colleagues for an award' });
    const colleagues = form.getByRole('combobox', { name: 'Colleagues', exact: true });
    await colleagues.click();
    await colleagues.fill('Venter');
    await page.getByRole('option', { name: /Ruan Venter/ }).click();
    await colleagues.press('Escape');
    await form.getByRole('radio', { name: /Gold/ }).check();
    await form.getByRole('textbox', { name: /Why they deserve it/ }).fill('Short');
    await form.getByRole('button', { name: 'SEND NOMINATION' }).click();
    await expect(form.getByText(/Say why in at least 50 characters/)).toBeVisible();
    await form
      .getByRole('textbox', { name: /Why they deserve it/ })
      .fill(
        'Ruan ran the client workshop on his own when the partner was ill, and the client signed for another year.',
      );
    await form.getByRole('button', { name: 'SEND NOMINATION' }).click();
    await expect(
      page.getByRole('status').getByText(/You nominated Ruan Venter for Star Awards \(Gold\)/),
    ).toBeVisible();
    await expectNoSeriousFindings(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/awards-nominated-desktop.png`, fullPage: true });
    await page.getByRole('tab', { name: 'My nominations' }).click();
    await expect(page.getByRole('article', { name: /Ruan Venter, Star Awards/ }).first()).toBeVisible();

    await page.setViewportSize(WIDTHS[1]);
    await signInAs(page, 'manager.za@example.com', '/awards/approvals');
    const card = page.getByRole('article', { name: /Ruan Venter, Star Awards/ }).filter({ hasText: 'Gold' });
    await expect(card).toBeVisible();
    await expectNoSeriousFindings(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/awards-approvals-phone.png`, fullPage: true });
    await card.getByLabel(/Level for Ruan Venter/).click();
    await page.getByRole('option', { name: 'Silver' }).click();
    await card.getByRole('button', { name: 'Approve at this level' }).click();
    await expect(page.getByRole('status').getByText(/it goes on to the next approver/)).toBeVisible();
    await expect(card).toBeHidden();
  });

  test('an administrator sees programmes with their budgets', async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]);
    await signInAs(page, 'admin@example.com', '/awardsadmin');
    const programme = page.getByRole('region', { name: 'Star Awards' });
    await expect(programme.getByText(/Budget: .* left/)).toBeVisible();
    await programme.getByLabel(/Add Kudos to the budget/).fill('1000');
    await programme.getByRole('button', { name: 'Fund' }).click();
    await expect(programme.getByRole('status')).toContainText('was funded with 1000 Kudos');
    await expectNoSeriousFindings(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/awards-admin-desktop.png`, fullPage: true });
  });
});
