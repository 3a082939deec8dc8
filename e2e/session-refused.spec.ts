import { expect, signInAs, test } from './fixtures.ts';

/**
 * Issue 15 #6: a session refused by the server (revoked elsewhere, or idle past
 * SESSION_IDLE_MINUTES: the same 401) sends the browser to the sign-in page (spec §4), and a
 * page left open on Home finds out by itself: its live stream is closed when the session is
 * revoked, and the reconnect's ticket request is refused.
 */
test("a session signed out elsewhere closes the open Home page's live feed and lands on the sign-in page", async ({
  page,
}) => {
  const streamOpened = page.waitForRequest(/\/api\/live\/stream\?ticket=/);
  await signInAs(page, 'member.za@example.com');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await streamOpened;
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;

  // Signed out from another device: this page makes no request of its own.
  const logout = await page.request.post('/api/auth/logout', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(logout.status()).toBe(204);

  await expect(page).toHaveURL(/\/hello$/, { timeout: 15_000 });
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
});
