import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { acceptCookies, expect, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';
import { activationLink } from './support/activation-link.ts';
import { MAIL_DIR } from './support/mail-config.ts';
import { mailsTo } from './support/mail-sink.ts';

const SHOTS = process.env.SHOTS_DIR ?? '.test-output/screenshots';

interface Unclaimed {
  employeeNumber: string;
  email: string;
  firstName: string;
}

test.describe('register', () => {
  let member: Unclaimed;

  test.beforeAll(() => {
    // The demo seed is deterministic: an in-memory copy names members still unclaimed on the server.
    const out = execFileSync('node_modules/.bin/tsx', ['e2e/support/unclaimed-member.ts'], { encoding: 'utf8' });
    member = (JSON.parse(out) as Unclaimed[])[0]!;
    mkdirSync(SHOTS, { recursive: true });
  });

  test('asks for a link, then activates the account from the e-mailed link and signs in', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/register');
    await acceptCookies(page);
    await page.reload();
    await page.getByLabel('Employee number').fill(member.employeeNumber);
    await page.getByLabel('Work e-mail address').fill(member.email.toUpperCase());
    await page.screenshot({ path: `${SHOTS}/register-form.png`, fullPage: true });
    await page.getByRole('button', { name: 'REGISTER' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Check your e-mail' });
    await expect(status).toContainText('Check your e-mail');
    await expect(status).toContainText('please check your e-mail');
    await page.screenshot({ path: `${SHOTS}/register-check-email.png`, fullPage: true });
    await expectNoSeriousFindings(page);

    const link = await activationLink(member.email);
    // Transactional mail carries no List-Unsubscribe (decision 0044).
    expect(mailsTo(MAIL_DIR, member.email).map((m) => m.headers['list-unsubscribe'])).toEqual([undefined]);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-activate.png`, fullPage: true });
    await expectNoSeriousFindings(page);
    const password = 'Journey-pass-2026';
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm password' }).fill(password);
    await page.getByRole('button', { name: 'ACTIVATE ACCOUNT' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your account is ready' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-activated.png`, fullPage: true });

    // The link works once.
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Another-pass-2026');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Another-pass-2026');
    await page.getByRole('button', { name: 'ACTIVATE ACCOUNT' }).click();
    await expect(page.getByText('invalid, already used or expired')).toBeVisible();

    await page.goto('/hello');
    await page.getByLabel('E-mail address').fill(member.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('answers the same to details that match nobody, and e-mails nothing', async ({ page }) => {
    await page.goto('/register');
    await acceptCookies(page);
    await page.reload();
    await page.getByLabel('Employee number').fill('E99999');
    await page.getByLabel('Work e-mail address').fill('someone@elsewhere.test');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'please check your e-mail' })).toBeVisible();
    await page.waitForTimeout(6_000);
    expect(mailsTo(MAIL_DIR, 'someone@elsewhere.test')).toEqual([]);
  });

  test('the screens at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/register');
    await acceptCookies(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'REGISTER' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-form-390.png`, fullPage: true });
    await expectNoSeriousFindings(page);
    await page.goto('/register?token=not-a-real-token-but-long-enough-0123');
    await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-activate-390.png`, fullPage: true });
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Journey-pass-2026');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Journey-pass-2026');
    await page.getByRole('button', { name: 'ACTIVATE ACCOUNT' }).click();
    await expect(page.getByText('invalid, already used or expired')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-activate-invalid-390.png`, fullPage: true });
  });
});
