import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { TOTP } from 'otpauth';
import { DEMO_PASSWORD, expect, signInAs, test, tokenFor } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';
import { MAIL_DIR } from './support/mail-config.ts';
import { mailsTo } from './support/mail-sink.ts';

const SHOTS = process.env.SHOTS_DIR ?? '.test-output/screenshots';

interface Claimed {
  employeeNumber: string;
  email: string;
  firstName: string;
}

/** Claimed members that no other journey signs in as (the seed is deterministic). */
let claimed: Claimed[] = [];
test.beforeAll(() => {
  const out = execFileSync('node_modules/.bin/tsx', ['e2e/support/unclaimed-member.ts', 'claimed'], {
    encoding: 'utf8',
  });
  claimed = JSON.parse(out) as Claimed[];
  mkdirSync(SHOTS, { recursive: true });
});

/** Signs in through the API; returns the status and (on 200) the body. */
async function apiLogin(request: APIRequestContext, email: string, password: string) {
  await request.get('/api/auth/xsrf');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/auth/login', { data: { email, password }, headers: { 'x-xsrf-token': xsrf } });
  return { status: res.status(), body: res.ok() ? ((await res.json()) as Record<string, unknown>) : {}, xsrf };
}

test('a member changes their password on My Profile, by keyboard; other devices are signed out', async ({ page }) => {
  const member = claimed[0]!;
  const elsewhere = await apiLogin(page.request, member.email, DEMO_PASSWORD);
  expect(elsewhere.status).toBe(200);

  await signInAs(page, member.email, '/myprofile');
  const section = page.getByRole('form', { name: 'Password' });
  await expect(section).toBeVisible();
  const newPassword = 'Keyboard-journey-2026';
  await section.getByRole('textbox', { name: 'Current password' }).focus();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Tab');
  await expect(section.getByRole('textbox', { name: 'New password', exact: true })).toBeFocused();
  await page.keyboard.type(newPassword);
  await page.keyboard.press('Tab');
  await expect(section.getByRole('textbox', { name: 'Confirm new password' })).toBeFocused();
  await page.keyboard.type(newPassword);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your password has been changed. Other devices have been signed out.')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/change-password.png`, fullPage: true });
  await expectNoSeriousFindings(page);

  // This browser stays signed in; the other session is gone; the new password signs in.
  await page.reload();
  await expect(section).toBeVisible();
  const stale = await page.request.post('/api/spa/loadsession', {
    data: {},
    headers: { authorization: `Bearer ${String(elsewhere.body.authToken)}`, 'x-xsrf-token': elsewhere.xsrf },
  });
  expect(stale.status()).toBe(401);
  expect((await apiLogin(page.request, member.email, DEMO_PASSWORD)).status).toBe(401);
  expect((await apiLogin(page.request, member.email, newPassword)).status).toBe(200);

  await expect
    .poll(() => mailsTo(MAIL_DIR, member.email).map((m) => m.subject), { timeout: 20_000 })
    .toContain('Your Ovation password was changed');
});

test('a report role turns on two-step sign-in on My Profile, then signs in with the code on /hello', async ({
  page,
}) => {
  const member = claimed[1]!;
  // A report administrator gives the member the 'rep' role (the roles report's own call).
  const admin = await tokenFor(page.request, 'admin@example.com');
  const headers = { authorization: `Bearer ${admin.token}`, 'x-xsrf-token': admin.xsrf };
  const found = await page.request.get(`/api/admin/roles?q=${member.employeeNumber}`, { headers });
  const { members } = (await found.json()) as { members: { memberId: number; email: string | null }[] };
  const target = members.find((m) => m.email?.toLowerCase() === member.email.toLowerCase())!;
  const grant = await page.request.put(`/api/admin/roles/${target.memberId}`, {
    data: { roles: ['rep'], isAdminReports: false },
    headers,
  });
  expect(grant.status()).toBe(200);

  await signInAs(page, member.email, '/myprofile');
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  const setUp = page.getByRole('form', { name: 'Set up the second factor' });
  await setUp.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
  await setUp.getByRole('button', { name: 'SET UP AUTHENTICATOR APP' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Ovation to your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const code = () => new TOTP({ secret, digits: 6, period: 30 }).generate();
  await page.getByLabel('6-digit code from the app').fill(code());
  await page.screenshot({ path: `${SHOTS}/totp-enrol.png`, fullPage: true });
  await expectNoSeriousFindings(page);
  await page.getByRole('button', { name: 'TURN ON' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codesList).toHaveCount(10);
  const recovery = await codesList.allInnerTexts();
  await page.screenshot({ path: `${SHOTS}/totp-recovery-codes.png`, fullPage: true });

  // Signed out, the password alone is not enough: /hello asks for the code next.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/hello');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('E-mail address').fill(member.email);
  await signIn.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const step = page.getByRole('form', { name: 'Authentication code' });
  await expect(step.getByRole('textbox', { name: 'Authentication code' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/totp-hello-code.png`, fullPage: true });
  await expectNoSeriousFindings(page);
  // The code that turned it on is spent (issue 43, L2): the app's next one signs in.
  await page.keyboard.type(new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + 30_000 }));
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/hello/);
  await expect(page.getByRole('banner')).toBeVisible();

  // Back on My Profile: new recovery codes (proved with an old one), then turning it off.
  await page.goto('/myprofile');
  await page.getByRole('button', { name: 'NEW RECOVERY CODES' }).click();
  const renew = page.getByRole('form', { name: 'New recovery codes' });
  await renew.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
  await renew.getByRole('textbox', { name: 'Code from your app, or a recovery code' }).fill(recovery[0]!);
  await expectNoSeriousFindings(page);
  await renew.getByRole('button', { name: 'MAKE NEW CODES' }).click();
  await expect(codesList).toHaveCount(10);
  const renewed = await codesList.allInnerTexts();
  expect(renewed.filter((c) => recovery.includes(c))).toEqual([]);
  await page.getByRole('button', { name: 'I HAVE SAVED THEM' }).click();
  await page.getByRole('button', { name: 'TURN OFF' }).click();
  const off = page.getByRole('form', { name: 'Turn off two-step sign-in' });
  await off.getByRole('textbox', { name: 'Current password' }).fill(DEMO_PASSWORD);
  await off.getByRole('textbox', { name: 'Code from your app, or a recovery code' }).fill(renewed[0]!);
  await page.screenshot({ path: `${SHOTS}/totp-turn-off.png`, fullPage: true });
  await off.getByRole('button', { name: 'TURN OFF' }).click();
  await expect(page.getByText('Two-step sign-in is off.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Set up the second factor' })).toBeVisible();
  // The password alone signs in again.
  expect((await apiLogin(page.request, member.email, DEMO_PASSWORD)).status).toBe(200);
});
