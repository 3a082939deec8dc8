import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Ovation-demo-1';
export const SCREENSHOT_DIR = '.test-output/screenshots';
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** Signs in through the API (the login form has its own journey) and opens `path`. */
export async function signInAs(page: Page, email: string, path = '/') {
  await page.goto('/hello');
  const xsrf = await page.request.get('/api/auth/xsrf');
  expect(xsrf.status()).toBe(204);
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': token },
  });
  expect(res.status()).toBe(200);
  const { authToken } = (await res.json()) as { authToken: string };
  await page.evaluate((t) => sessionStorage.setItem('authToken', t), authToken);
  await acceptCookies(page);
  await page.goto(path);
}

/** Accepts the cookie banner (as the cPol cookie) so it does not cover what a test looks at. */
export async function acceptCookies(page: Page) {
  const url = page.url().startsWith('http') ? new URL(page.url()).origin : BASE_URL;
  await page.context().addCookies([{ name: 'cPol', value: 'yy-', url }]);
}

export const test = base;
export { expect };
