import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverKey } from '../../core/secrets/server-key.ts';

/**
 * Known devices (OWASP's "device cookies"; decision 0071): a browser that has signed in to an
 * account with its password holds a signed cookie naming that account, and its sign-in attempts
 * for that account are counted on their own. Failures from anywhere else pause the account as
 * before (decision 0014), but not the member's own browser: an attacker who knows the address
 * cannot lock its owner out.
 */
export const KNOWN_DEVICE_COOKIE = 'ovation_device';
export const KNOWN_DEVICE_DAYS = 180;

/** The key the cookies are signed with: a random secret in the database, shared by every instance. */
export const knownDeviceKey = serverKey('known-devices');

const mac = (key: Buffer, nonce: string, email: string) =>
  createHmac('sha256', key).update(`known-device:${nonce}:${email.trim().toLowerCase()}`).digest('base64url');

/** A new cookie value for a browser that just proved it knows this account's password. */
export function knownDeviceCookie(key: Buffer, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(key, nonce, email)}`;
}

const VALUE = /^([\w-]{22})\.([\w-]{43})$/;

/** The device's id when `cookie` was issued to a browser for this e-mail address, else null. */
export function knownDeviceId(key: Buffer, cookie: string | undefined, email: string): string | null {
  const match = VALUE.exec(cookie ?? '');
  if (!match) return null;
  const expected = Buffer.from(mac(key, match[1]!, email));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}
