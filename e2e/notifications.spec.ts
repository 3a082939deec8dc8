import { expect, postHighFive, signInAs, test } from './fixtures.ts';
import { expectNoSeriousFindings } from './support/a11y.ts';
import { MAIL_DIR } from './support/mail-config.ts';
import { mailsTo, type SunkMail } from './support/mail-sink.ts';

const SHOTS = process.env.SSO_SHOTS_DIR ?? '.test-output/screenshots';

test('the bell counts what arrived, live, lists it and marks it read', async ({ page, request }) => {
  // Ruan Venter (member.trf) receives; news@ sends, so other journeys' accounts are untouched.
  await postHighFive(request, 'news@example.com', 'Ruan Venter', 'Thanks for the hand-over notes');
  await signInAs(page, 'member.trf@example.com');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const count = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
  const before = await count();
  expect(before).toBeGreaterThanOrEqual(1);

  // A High Five sent while the page is open raises the count without a reload. (At least by one:
  // the recognition journey, on the other worker, may recognise Ruan meanwhile.)
  await postHighFive(request, 'news@example.com', 'Ruan Venter', 'And for the demo');
  await expect.poll(count).toBeGreaterThan(before);
  // …and a screen reader hears it.
  await expect(page.getByRole('status').filter({ hasText: /^New notifications?\. \d+ unread\.$/ })).toBeAttached();

  await bell.click();
  const dropdown = page.getByRole('dialog');
  await expect(dropdown.getByText(/sent you a High Five/).first()).toBeVisible();
  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SHOTS}/bell-open-1280.png` });

  await dropdown.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  // The button it pressed is disabled now: the focus stays in the list, on its heading.
  await expect(dropdown.getByText('Notifications', { exact: true })).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(/sent you a High Five/)
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bell-open-390.png` });
});

test('preferences on My Profile: e-mail per kind, the digest and Celebrations privacy', async ({ page }) => {
  await signInAs(page, 'member.trf@example.com', '/myprofile');
  const form = page.getByRole('form', { name: 'Notification preferences' });
  await expect(form.getByLabel('Weekly digest')).toBeChecked();
  await form.getByLabel('I receive a High Five').uncheck();
  await form.getByRole('button', { name: 'SAVE PREFERENCES' }).click();
  await expect(page.getByText('Your preferences have been saved.')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('I receive a High Five')).not.toBeChecked();
  await expectNoSeriousFindings(page, 'form[aria-label="Notification preferences"]');
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/preferences-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/preferences-390.png` });
  // Put it back for other runs on the same database.
  await form.getByLabel('I receive a High Five').check();
  await form.getByRole('button', { name: 'SAVE PREFERENCES' }).click();
  await expect(form.getByRole('button', { name: 'SAVE PREFERENCES' })).toBeDisabled();
});

test('the weekly digest link: a page that changes nothing on opening and refuses an altered link plainly', async ({
  page,
}) => {
  await page.goto('/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Weekly digest' })).toBeVisible();
  await expectNoSeriousFindings(page);
  await page.screenshot({ path: `${SHOTS}/unsubscribe-1280.png` });
  await page.getByRole('button', { name: 'UNSUBSCRIBE' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/unsubscribe-refused-390.png` });
});

test('a notification e-mail carries List-Unsubscribe; its link opens the page for that e-mail', async ({
  page,
  request,
}) => {
  // Kagiso Mahlangu receives; nobody else's preferences or inbox are touched.
  const message = `Unsubscribe header ${Date.now()}`;
  await postHighFive(request, 'news@example.com', 'Kagiso Mahlangu', message);
  let mail: SunkMail | undefined;
  await expect
    .poll(() => (mail = mailsTo(MAIL_DIR, 'incomplete@example.com').find((m) => m.text.includes(message))), {
      timeout: 20_000,
    })
    .toBeDefined();
  const link = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=\d+\.high5\.[\w-]{43}$/);
  // The journeys' portal is http: no one-click header (RFC 8058 needs https, decision 0044).
  expect(mail!.headers['list-unsubscribe-post']).toBeUndefined();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'High Five e-mails' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'UNSUBSCRIBE' })).toBeVisible();
});
