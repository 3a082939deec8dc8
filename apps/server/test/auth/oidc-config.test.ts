import { describe, expect, it } from 'vitest';
import { OIDC_REFUSALS } from '@ovation/shared/schemas/oidc';
import { loadConfig } from '../../src/config/env.ts';
import { setupApp } from '../support/build-app.ts';

describe('single sign-on configuration (env.ts)', () => {
  it('needs https (http only on this machine) and the client credentials', () => {
    const ok = loadConfig({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' });
    expect(ok.OIDC_MATCH).toBe('email');
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toThrow(/OIDC_ISSUER: must be an https:\/\/ URL/);
    expect(
      loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).OIDC_ISSUER,
    ).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(
      /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/,
    );
    expect(() => loadConfig({ OIDC_MATCH: 'name' })).toThrow(/OIDC_MATCH/);
  });
});

describe('single sign-on switched off (OIDC_ISSUER unset)', () => {
  const ctx = setupApp();

  it('says it is off, sends /start to /welcometrfauth and refuses a callback', async () => {
    const config = await ctx.request({ method: 'GET', url: '/api/auth/oidc/config' });
    expect(config.json()).toEqual({ enabled: false, label: '' });
    const res = await ctx.request({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/welcometrfauth');
    const cb = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { code: 'x', state: 'y' },
    });
    expect(cb.statusCode).toBe(404);
    expect(cb.json()).toMatchObject({ type: OIDC_REFUSALS.off, message: expect.stringContaining('not set up') });
  });

  it('validates the callback body (400 with field errors)', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/auth/oidc/callback', payload: { code: '' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['code', 'state']));
  });

  it('needs the XSRF header on the callback', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/callback',
      payload: { code: 'x', state: 'y' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});
