import { acceptCookies, DEMO_PASSWORD, expect, SCREENSHOT_DIR, signInAs, test } from './fixtures.ts';

test.describe('signing in and out', () => {
  test('the login landing signs a member in, and a wrong password is refused on the form', async ({ page }) => {
    await page.goto('/hello');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/hello.png`, fullPage: true });

    await page.getByLabel('E-mail address').fill('member.za@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-member-za.png`, fullPage: true });
  });

  test('logout says so, revokes the session and goes to the site root', async ({ page }) => {
    await signInAs(page, 'member.za@example.com');
    const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
    expect(token).toBeTruthy();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByText('Please wait, logging out')).toBeVisible();
    await expect(page).toHaveURL(/\/hello$/);
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();

    const res = await page.request.post('/api/spa/loadsession', {
      data: {},
      headers: {
        authorization: `Bearer ${token}`,
        'x-xsrf-token': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value,
      },
    });
    expect(res.status()).toBe(401);
  });

  test('an anonymous visit to a protected route remembers the path and returns there after sign-in', async ({
    page,
  }) => {
    await page.goto('/myrecognition');
    await expect(page).toHaveURL(/\/hello$/);
    await page.getByLabel('E-mail address').fill('member.za@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/myrecognition$/);
    await expect(page.getByRole('heading', { name: 'My Recognition', level: 1 })).toBeVisible();
  });

  test('a member with an incomplete profile is sent to complete it, and can go on once it is complete', async ({
    page,
  }) => {
    await signInAs(page, 'incomplete@example.com', '/gettoknow');
    await expect(page).toHaveURL(/\/myprofile\/update$/);
    await expect(page.getByText('Your profile is incomplete')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/profile-update.png`, fullPage: true });

    await page.getByLabel('Cell number').fill('082 555');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Cell number must be at least 10 characters')).toBeVisible();

    await page.getByLabel('Cell number').fill('+27 82 555 1234');
    await page.getByRole('button', { name: /save/i }).click();
    await expect(page.getByText('Thank you, your profile is complete')).toBeVisible();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.goto('/gettoknow');
    await expect(page).toHaveURL(/\/gettoknow$/);
  });
});

test.describe('footer and cookies', () => {
  test('the cookie banner shows until accepted; preferences save and reset', async ({ page }) => {
    await page.goto('/hello');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/cookie-banner.png` });
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'cPol')?.value;
    expect(await cookie()).toBe('-y-');

    await banner.getByRole('button', { name: 'Cookie Preferences' }).click();
    const prefs = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(prefs.getByLabel('Mandatory')).toBeDisabled();
    await prefs.getByLabel('Functional').uncheck();
    await prefs.getByRole('button', { name: 'ACCEPT' }).click();
    await expect(prefs).toBeHidden();
    await expect(banner).toBeHidden();
    expect(await cookie()).toBe('y--');

    await page.getByRole('button', { name: 'Manage Privacy' }).click();
    await page.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeHidden();
    expect(await cookie()).toBe('-y-');
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'I ACCEPT' }).click();
    await expect(banner).toBeHidden();
    expect(await cookie()).toBe('yy-');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  });

  test('Privacy Policy and Terms open as modals loaded on demand; Contact Us only when signed in', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/hello');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveCount(0);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Ovation`);

    await footer.getByRole('button', { name: 'Privacy Policy' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
    await expect(privacy.getByText('We process your name')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/privacy-modal.png` });
    await page.keyboard.press('Escape');
    await footer.getByRole('button', { name: 'Terms and Conditions' }).click();
    await expect(page.getByRole('dialog', { name: 'Terms and Conditions' }).getByText('Eligibility')).toBeVisible();
    await page.keyboard.press('Escape');

    await signInAs(page, 'member.za@example.com');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' })).toBeVisible();
  });
});

test.describe('content pages', () => {
  test('a public content page, an unknown key and How it Works', async ({ page }) => {
    await acceptCookies(page);
    await page.goto('/aboutus');
    await expect(page.getByRole('heading', { name: 'About Ovation', level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/content-aboutus.png`, fullPage: true });

    await page.goto('/no-such-page');
    await expect(page.getByText('Sorry, we could not find that page.')).toBeVisible();

    await signInAs(page, 'member.za@example.com', '/programmerules');
    await expect(page.getByRole('heading', { name: 'How it Works', level: 1 })).toBeVisible();
    await expect(page.getByText('Recognise', { exact: false }).first()).toBeVisible();
  });

  test('on a phone the menus move into a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'member.ke@example.com');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Not Available in your Country').first()).toBeVisible();
    // Mantine slides the drawer in with a JS transition; wait until it has settled.
    const panel = page.locator('.mantine-Drawer-content');
    await expect
      .poll(() => panel.evaluate((el) => getComputedStyle(el).transform))
      .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-drawer-kenya.png`, animations: 'disabled' });
  });
});
