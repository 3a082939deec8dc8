import { describe, expect, it } from 'vitest';
import { setupApp, type TestContext } from '../support/build-app.ts';

/**
 * Issue 15 #6: the XSRF cookie lacks the `__Host-` prefix. Spec §7 fixes its name
 * (`XSRF-TOKEN`), so the name stays and the cookie has the prefix's properties instead: Secure
 * when the portal is served over https, Path=/, no Domain (docs/decisions/0002).
 */
const https = setupApp({ PUBLIC_URL: 'https://ovation.example' });
const http = setupApp({ PUBLIC_URL: 'http://localhost:3000' });

/** The Set-Cookie header of a first visit (no cookie yet), split into its attributes. */
async function xsrfCookie(ctx: TestContext) {
  const res = await ctx.request({ method: 'GET', url: '/api/auth/xsrf', xsrf: false });
  const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
  expect(header).toBeDefined();
  const [pair, ...attributes] = header!.split(';').map((part) => part.trim());
  return { value: pair!.slice('XSRF-TOKEN='.length), attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('the XSRF-TOKEN cookie', () => {
  it('has the __Host- properties over https: Secure, Path=/, no Domain', async () => {
    const { value, attributes } = await xsrfCookie(https);
    expect(value).toMatch(/^[\w-]{43}$/);
    expect(attributes).toContain('secure');
    expect(attributes).toContain('path=/');
    expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
    expect(attributes).toContain('samesite=strict');
    // The web client reads it to echo it in X-XSRF-TOKEN (spec §7): never HttpOnly.
    expect(attributes).not.toContain('httponly');
  });

  it('is not Secure on a plain-http portal (a browser would drop it), and still Path=/ without a Domain', async () => {
    const { attributes } = await xsrfCookie(http);
    expect(attributes).not.toContain('secure');
    expect(attributes).toContain('path=/');
    expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
  });

  it('is set on any page the browser opens first, with the same properties', async () => {
    const res = await https.request({ method: 'GET', url: '/hello', xsrf: false, headers: { accept: 'text/html' } });
    const header = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; Secure(;|$)/);
    expect(header).not.toMatch(/Domain=/i);
  });
});
