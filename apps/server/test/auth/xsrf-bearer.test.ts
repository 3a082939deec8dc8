import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

/**
 * The XSRF header is required only where a browser could have sent a credential by itself
 * (docs/decisions/0002): a request naming its bearer token and carrying no cookie is an
 * integration's, not a forgery; anything with a cookie is judged as before.
 */
const ctx = setupApp();
const XSRF = 'xsrf-value-0123456789abcdef0123';
const mood = { method: 'PUT' as const, url: '/api/mood/data', payload: { value: 1 } };
/** A mood check-in with this bearer token, these cookies and (optionally) the XSRF header. */
const putMood = (token: string, cookies: Record<string, string>, xsrfHeader?: string) =>
  ctx.app.inject({
    ...mood,
    headers: { authorization: `Bearer ${token}`, ...(xsrfHeader ? { 'x-xsrf-token': xsrfHeader } : {}) },
    cookies,
  });

describe('XSRF for bearer clients', () => {
  it('accepts a bearer request with no cookies and no XSRF header', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.app.inject({ ...mood, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().moodData).toBeDefined();
    // The same through an encoded prefix: the routed path decides, the rule is the same.
    const encoded = await ctx.app.inject({
      ...mood,
      url: '/%61pi/mood/data',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(encoded.statusCode).toBe(200);
  });

  it('still answers 401 (not a pass) to a cookieless bearer request with a bad token', async () => {
    const res = await ctx.app.inject({ ...mood, headers: { authorization: 'Bearer not-a-real-token' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a browser-style request (XSRF cookie, no header) with 403 as before', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await putMood(token, { 'XSRF-TOKEN': XSRF });
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe(PROBLEM_TYPES.xsrf);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'whatever-password' },
      cookies: { 'XSRF-TOKEN': XSRF },
    });
    expect(anonymous.statusCode).toBe(403);
  });

  it('refuses bearer plus a session cookie without the header', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await putMood(token, { session: 'a-cookie-borne-credential' });
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe(PROBLEM_TYPES.xsrf);
  });

  it('accepts the browser’s way: bearer, the cookie and the matching header', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await putMood(token, { 'XSRF-TOKEN': XSRF }, XSRF);
    expect(res.statusCode).toBe(200);
  });

  it('keeps the pair for anonymous forms: login with no cookies and no header is refused', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.co', password: 'whatever-password' },
    });
    expect(res.statusCode).toBe(403);
  });
});
