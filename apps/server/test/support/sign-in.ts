import { KNOWN_DEVICE_COOKIE } from '../../src/modules/auth/known-device.ts';
import type { TestContext } from './build-app.ts';

/** Client addresses no other call of the same sequence gives: a test's own, clear of per-IP limits. */
export function ipSequence() {
  let ipSeq = 0;
  return () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

/** POST /api/auth/login from a chosen address (127.0.0.1 unless given), through a proxy or from a known device. */
export function signIn(
  c: TestContext,
  email: string,
  password: string,
  extra: { ip?: string; forwardedFor?: string; device?: string } = {},
) {
  return c.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: extra.ip ?? '127.0.0.1',
    headers: extra.forwardedFor ? { 'x-forwarded-for': extra.forwardedFor } : {},
    cookies: extra.device ? { [KNOWN_DEVICE_COOKIE]: extra.device } : {},
  });
}
