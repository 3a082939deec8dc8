import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createKudos } from '../support/feed-factories.ts';

// A built web app as the build leaves it: text assets with their .br and .gz copies.
const webRoot = mkdtempSync(path.join(tmpdir(), 'ovation-web-'));
mkdirSync(path.join(webRoot, 'assets'));
const script = `console.log(${JSON.stringify('Ovation '.repeat(400))});`;
writeFileSync(path.join(webRoot, 'index.html'), `<!doctype html><title>Ovation</title>${'<!-- -->'.repeat(300)}`);
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(script));

const ctx = setupApp({ WEB_DIST_DIR: webRoot });

describe('compression', () => {
  it('sends the build’s brotli or gzip copy of an asset by Accept-Encoding, and the plain file otherwise', async () => {
    const url = '/assets/app-abc123.js';
    const br = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await ctx.request({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('sends a built asset with the subresource headers only: no page policies, no XSRF cookie', async () => {
    const asset = await ctx.request({ method: 'GET', url: '/assets/app-abc123.js', xsrf: false });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['set-cookie']).toBeUndefined();
    // The page itself keeps them all, and hands out the XSRF cookie.
    const page = await ctx.request({ method: 'GET', url: '/statement', headers: { accept: 'text/html' }, xsrf: false });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(String(page.headers['set-cookie'])).toContain('XSRF-TOKEN=');
    // A missing asset falls through to the page fallback with the full policies.
    const missing = await ctx.request({ method: 'GET', url: '/assets/gone-000.js', headers: { accept: 'text/html' } });
    expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('compresses API answers over 1 KB and the SPA page, and leaves small ones alone', async () => {
    const { member, token } = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    for (let i = 0; i < 20; i++) await createKudos(ctx.app, other.id, member.id, { message: `Thank you ${i}` });
    const list = await ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutList',
      payload: { page: 1 },
      token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString()).shoutOuts.rows).toHaveLength(20);

    const page = await ctx.request({
      method: 'GET',
      url: '/statement',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Ovation</title>');

    const health = await ctx.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('refuses compressed request bodies rather than inflating them', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutList',
      payload: gzipSync(JSON.stringify({ page: 1 })),
      token,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(400);
  });
});
