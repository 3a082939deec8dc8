import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';

/** The trace id (x-request-id) is the server's own unless a trusted proxy sets it (issue 43, L7). */
describe('request ids without a trusted proxy', () => {
  const ctx = setupApp();

  it('never takes a client’s X-Request-Id as the trace id', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'client-chosen-trace-1' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).not.toBe('client-chosen-trace-1');
  });
});

describe('request ids behind a trusted proxy', () => {
  const ctx = setupApp({ TRUST_PROXY: 1 });

  it('keeps the id the proxy set, and makes one when it set none or a malformed one', async () => {
    const kept = await ctx.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-trace-12345' },
    });
    expect(kept.headers['x-request-id']).toBe('proxy-trace-12345');
    const bad = await ctx.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
