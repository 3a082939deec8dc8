import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { setupApp } from '../support/build-app.ts';
import { ipSequence, signIn } from '../support/sign-in.ts';

/**
 * Issue 15 #2 and #6: the client may not pick its own IP (X-Forwarded-For is trusted only from a
 * configured proxy), so the per-IP limits on sign-in, reset requests and resets hold.
 */
const ctx = setupApp();

const freshIp = ipSequence();

describe('TRUST_PROXY', () => {
  it('defaults to trusting no proxy', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it('accepts a hop count or a list of addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('ignores a spoofed X-Forwarded-For: the per-IP sign-in limit still applies', async () => {
    const ip = freshIp();
    // 50 failures per IP across accounts; each try names another (unknown) account.
    for (let i = 0; i < 50; i++) {
      const res = await signIn(ctx, `nobody${i}@spoof.test`, 'wrong-password', { ip, forwardedFor: `203.0.113.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const next = await signIn(ctx, 'nobody-else@spoof.test', 'wrong-password', { ip, forwardedFor: '198.51.100.7' });
    expect(next.statusCode).toBe(429);
  });

  it('ignores a spoofed X-Forwarded-For on reset requests', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/reset-request',
        payload: { email: `ghost${i}@spoof.test` },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY set to the proxy in front', () => {
  const proxied = setupApp({ TRUST_PROXY: ['127.0.0.1'] });

  it('takes the client address from X-Forwarded-For sent by that proxy only', async () => {
    const fail = (forwardedFor: string, ip = '127.0.0.1') =>
      signIn(proxied, `nobody-${forwardedFor}-${Math.random()}@proxy.test`, 'wrong', { ip, forwardedFor });
    for (let i = 0; i < 50; i++) expect((await fail('198.51.100.1')).statusCode).toBe(401);
    expect((await fail('198.51.100.1')).statusCode).toBe(429);
    // Another client behind the same proxy is its own IP.
    expect((await fail('198.51.100.2')).statusCode).toBe(401);
    // A client that is not the proxy cannot claim an address.
    const direct = '192.0.2.50';
    for (let i = 0; i < 50; i++) await fail(`203.0.113.${i}`, direct);
    expect((await fail('203.0.113.200', direct)).statusCode).toBe(429);
  });
});

describe('POST /api/auth/reset (issue 15 #6)', () => {
  it('is limited per IP: guessing tokens gets 429 after 20 tries an hour', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { token: `guess-${i}-${'x'.repeat(30)}`, password: 'Fresh-start-pass-31' },
        remoteAddress: ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
