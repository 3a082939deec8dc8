import { describe, expect, it } from 'vitest';
import { setupApp } from './build-app.ts';
import { memberWithToken } from './factories.ts';

/**
 * Issue 15 #5: bad input is the caller's mistake (400), never a server error (500): NUL
 * characters in text, ids beyond PostgreSQL's integer, a truncated multipart body, odd picture
 * ids. Anything PostgreSQL still refuses as bad data (SQLSTATE class 22) is a 400 too.
 */
const ctx = setupApp();

describe('bad input answers 4xx, never 500', () => {
  it('refuses a NUL character in text with a field error', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Nul\u0000Name', email: 'nul@example.test', message: 'Hello' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual(['Text may not contain NUL characters']);
  });

  it('refuses a NUL character in a signed-in update and in a query string', async () => {
    const { token } = await memberWithToken(ctx);
    const profile = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      token,
      payload: { cellNum: '+27 82 555 0000', email: 'nul.profile@example.test', interests: 'a\u0000b' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().errors.interests).toBeDefined();
    const search = await ctx.request({ method: 'GET', url: '/api/members/search?q=ab%00cd', token });
    expect(search.statusCode).toBe(400);
  });

  it('answers 4xx for an id beyond 2^31-1 in a body (PostgreSQL 22003 is bad input, not a crash)', async () => {
    const { token } = await memberWithToken(ctx);
    for (const [url, payload] of [
      ['/api/high5/send', { toMemberId: 2 ** 31, message: 'hi there', behaviourId: 1 }],
      ['/api/payitforward/send', { toMemberId: 2 ** 31, points: 1, message: 'Thanks' }],
    ] as const) {
      const res = await ctx.request({
        method: 'POST',
        url,
        token,
        payload,
        headers: { 'idempotency-key': `big-id-${url}-${Date.now()}` },
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers 4xx for /profilepic/%00 and other odd picture ids', async () => {
    for (const url of ['/profilepic/%00', '/profilepic/a%00b', '/profilepic/%C0%80']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers 400 for a truncated multipart body', async () => {
    const { token } = await memberWithToken(ctx);
    const boundary = '----ovationboundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000000000`;
    const res = await ctx.request({
      method: 'POST',
      url: '/api/profile/picture',
      token,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(400);
  });
});
