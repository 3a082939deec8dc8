import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

/**
 * The auth and XSRF gates decide on the route the router matched, not on the raw URL: an
 * encoded, upper-case or doubled prefix must neither skip them nor reach a handler.
 */
const ctx = setupApp();

const PROTECTED_GET = '/api/celebrations/upcoming?days=60';
const ENCODED_GETS = [
  '/%61pi/celebrations/upcoming?days=60',
  '/%61%70%69/celebrations/upcoming?days=60',
  '/ap%69/celebrations/upcoming?days=60',
  '/api/%63elebrations/upcoming?days=60',
  '/API/celebrations/upcoming?days=60',
  '/Api/celebrations/upcoming?days=60',
  '//api/celebrations/upcoming?days=60',
  '/api//celebrations/upcoming?days=60',
  '/%2Fapi/celebrations/upcoming?days=60',
];

describe('auth gate on encoded paths', () => {
  it('refuses anonymous callers on the plain path (baseline)', async () => {
    const res = await ctx.request({ method: 'GET', url: PROTECTED_GET });
    expect(res.statusCode).toBe(401);
  });

  it.each(ENCODED_GETS)('never answers %s to an anonymous caller', async (url) => {
    const res = await ctx.request({ method: 'GET', url, headers: { accept: 'text/html,application/json' } });
    expect([401, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain('"celebrations"');
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('still serves a signed-in member on an encoded path that routes to the same handler', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({ method: 'GET', url: '/%61pi/celebrations/upcoming?days=60', token });
    expect([200, 404]).toContain(res.statusCode);
  });
});

describe('XSRF gate on encoded paths', () => {
  const STATE_CHANGING = [
    '/%61pi/auth/login',
    '/ap%69/auth/login',
    '/API/auth/login',
    '//api/auth/login',
    '/api//auth/login',
    '/%61pi/spa/loadsession',
  ];

  it.each(STATE_CHANGING)('refuses POST %s without the XSRF header', async (url) => {
    const res = await ctx.request({
      method: 'POST',
      url,
      payload: { email: 'member@example.test', password: 'whatever-password' },
      xsrf: false,
    });
    // 403 from the XSRF gate, or 404 for a path no route answers; never a handler's answer.
    expect([403, 404]).toContain(res.statusCode);
    expect(res.statusCode).not.toBe(401);
  });

  it('refuses a signed-in POST that carries cookies through an encoded prefix without the XSRF header', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/%61pi/auth/logout',
      payload: {},
      token,
      xsrf: false,
      cookies: { 'XSRF-TOKEN': 'cookie-value-aaaaaaaaaaaaaaaa' },
    });
    expect(res.statusCode).toBe(403);
    const still = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });
    expect(still.statusCode).toBe(200);
  });
});
