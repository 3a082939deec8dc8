import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Ovation-demo-1';
export const SCREENSHOT_DIR = '.test-output/screenshots';
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** Signs in through the API (the login form has its own journey) and opens `path`. */
export async function signInAs(page: Page, email: string, path = '/', password = DEMO_PASSWORD) {
  await page.goto('/hello');
  const xsrf = await page.request.get('/api/auth/xsrf');
  expect(xsrf.status()).toBe(204);
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/auth/login', {
    data: { email, password },
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

/** Signs in through the API and returns a bearer token (for checks and set-up behind the screens). */
export async function tokenFor(request: APIRequestContext, email: string): Promise<{ token: string; xsrf: string }> {
  await request.get('/api/auth/xsrf');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
  return { token: ((await res.json()) as { authToken: string }).authToken, xsrf };
}

/**
 * Posts a High Five through the API as `fromEmail` to the colleague found by `toName`: a kudos
 * of the test's own, with a message no other journey writes, to find in the thread by its text.
 */
export async function postHighFive(request: APIRequestContext, fromEmail: string, toName: string, message: string) {
  const { token, xsrf } = await tokenFor(request, fromEmail);
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const search = await request.post('/api/members/search', {
    data: { query: toName, teamOnly: false, limit: 5 },
    headers,
  });
  expect(search.status()).toBe(200);
  const { members } = (await search.json()) as { members: { memberId: number; memberName: string }[] };
  const to = members.find((m) => m.memberName === toName);
  expect(to, `no colleague called ${toName}`).toBeTruthy();
  const res = await request.post('/api/high5/send', {
    data: { toMemberId: to!.memberId, message },
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status()).toBe(200);
}

/**
 * Every journey fails on a Content-Security-Policy violation in its page: the policy is part of
 * the security baseline, and a violation is something the browser blocked (or, like zod's eval
 * probe, reported) — found by Lighthouse once, checked on every page since.
 */
export const test = base.extend<{ contentSecurityPolicyHolds: void }>({
  contentSecurityPolicyHolds: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeBinding('__ovationCspViolation', (_source, text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __ovationCspViolation: (text: string) => Promise<void> })
            .__ovationCspViolation;
          void report(`${e.violatedDirective} blocked ${e.blockedURI} in ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
