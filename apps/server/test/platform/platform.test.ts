import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/plugins/security-headers.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

const webRoot = mkdtempSync(path.join(tmpdir(), 'ovation-web-'));
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Ovation</title><div id="root"></div>');
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');

const ctx = setupApp({ WEB_DIST_DIR: webRoot });
const html = { accept: 'text/html,application/xhtml+xml' };

describe('platform', () => {
  it('GET /api/health', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('puts the security headers on API answers, errors included', async () => {
    for (const res of [
      await ctx.request({ method: 'GET', url: '/api/health' }),
      await ctx.request({ method: 'POST', url: '/api/shoutouts/ShoutOutList', payload: { page: 1 } }),
      await ctx.request({ method: 'GET', url: '/api/no-such-route' }),
    ]) {
      expect(res.headers['x-content-type-options'], res.raw.req.url).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests behind HTTPS', () => {
    const headers = securityHeaders(true);
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('publishes the OpenAPI document and its UI', async () => {
    const doc = await ctx.request({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/api/spa/loadsession']).toBeDefined();
    expect(doc.json().paths['/api/auth/login'].post.requestBody).toBeDefined();
    const ui = await ctx.request({ method: 'GET', url: '/api/docs', headers: html });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves the SPA for client routes, with a strict CSP', async () => {
    for (const url of ['/', '/hello', '/myprofile/update', '/reportdashboard']) {
      const res = await ctx.request({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const csp = (await ctx.request({ method: 'GET', url: '/', headers: html })).headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('serves hashed assets with long cache headers', async () => {
    const res = await ctx.request({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never falls back to index.html under /api', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/nope', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('hides internals of a server failure behind a traceId', async () => {
    const { token } = await memberWithToken(ctx);
    await ctx.app.db.execute('alter table settings rename to settings_gone');
    try {
      const res = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({
        type: expect.any(String),
        title: 'An unexpected error occurred. Please try again later.',
        status: 500,
        traceId: res.headers['x-request-id'],
      });
      expect(res.body).not.toMatch(/settings|select|stack/i);
    } finally {
      await ctx.app.db.execute('alter table settings_gone rename to settings');
    }
  });
});
