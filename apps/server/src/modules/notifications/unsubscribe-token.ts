import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findOrCreateServerSecret } from './digest.repository.ts';

/** What the token may do: turn off this member's weekly digest, nothing else. */
const PURPOSE = 'unsubscribe-weekly-digest';
const SECRET_NAME = 'mail-links';
const secrets = new WeakMap<Db, Promise<Buffer>>();

/**
 * The key the unsubscribe links are signed with: a random secret kept in the database, so every
 * instance agrees and links keep working across restarts (decision 0027).
 */
export function mailLinkKey(db: Db): Promise<Buffer> {
  let key = secrets.get(db);
  if (!key) {
    key = findOrCreateServerSecret(db, SECRET_NAME, randomBytes(32).toString('base64url')).then((v) =>
      Buffer.from(v, 'base64url'),
    );
    key.catch(() => secrets.delete(db));
    secrets.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, memberId: number) => createHmac('sha256', key).update(`${PURPOSE}:${memberId}`).digest();

/** `<member id>.<HMAC-SHA256 of purpose and member id>`: no expiry, it can only switch the digest off. */
export function unsubscribeToken(key: Buffer, memberId: number): string {
  return `${memberId}.${mac(key, memberId).toString('base64url')}`;
}

/** The member a token was made for, or null when it is malformed, altered or forged. */
export function verifyUnsubscribeToken(key: Buffer, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const memberId = Number(match[1]);
  if (!Number.isSafeInteger(memberId) || memberId > 2_147_483_647) return null;
  // Compared as text: base64url decoding ignores the last character's spare bits, so comparing
  // decoded bytes would accept other spellings of the same signature.
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(mac(key, memberId).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? memberId : null;
}
