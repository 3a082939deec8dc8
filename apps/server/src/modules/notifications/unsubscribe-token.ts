import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findOrCreateServerSecret } from './digest.repository.ts';

/**
 * The e-mails a token can switch off, one per token (decision 0044): the weekly digest, or one
 * kind of notification e-mail (a preference on My Profile).
 */
export const UNSUBSCRIBE_LISTS = ['digest', 'recognised', 'high5', 'points', 'reaction'] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/**
 * What the token may do, inside the MAC: turn off this list for this member, nothing else. The
 * digest keeps its first purpose, so links in digests already sent keep working.
 */
const purposeOf = (list: UnsubscribeList) =>
  list === 'digest' ? 'unsubscribe-weekly-digest' : `unsubscribe-email-${list}`;
const SECRET_NAME = 'mail-links';
const secrets = new WeakMap<Db, Promise<Buffer>>();

const readKey = (db: Db) =>
  findOrCreateServerSecret(db, SECRET_NAME, randomBytes(32).toString('base64url')).then((v) =>
    Buffer.from(v, 'base64url'),
  );

/**
 * The key the unsubscribe links are signed with: a random secret kept in the database, so every
 * instance agrees and links keep working across restarts (decision 0027). Kept per `db` once
 * read. `via`: a transaction in progress on `db` (PGlite has one connection, so `db` itself would
 * wait for it); a key read through a transaction is not kept, as the transaction may yet roll
 * back the row it created.
 */
export function mailLinkKey(db: Db, via: Db = db): Promise<Buffer> {
  const known = secrets.get(db);
  if (known) return known;
  if (via !== db) return readKey(via);
  const key = readKey(db);
  key.catch(() => secrets.delete(db));
  secrets.set(db, key);
  return key;
}

const mac = (key: Buffer, list: UnsubscribeList, memberId: number) =>
  createHmac('sha256', key)
    .update(`${purposeOf(list)}:${memberId}`)
    .digest()
    .toString('base64url');

/**
 * `<member id>.<HMAC-SHA256 of purpose and member id>` for the digest, `<member id>.<list>.<MAC>`
 * for a notification kind: no expiry, it can only switch that e-mail off.
 */
export function unsubscribeToken(key: Buffer, memberId: number, list: UnsubscribeList = 'digest'): string {
  const signature = mac(key, list, memberId);
  return list === 'digest' ? `${memberId}.${signature}` : `${memberId}.${list}.${signature}`;
}

const TOKEN = /^([1-9]\d{0,9})(?:\.(recognised|high5|points|reaction))?\.([\w-]{43})$/;

/** The member and list a token was made for, or null when it is malformed, altered or forged. */
export function verifyUnsubscribeToken(key: Buffer, token: string): { memberId: number; list: UnsubscribeList } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const memberId = Number(match[1]);
  if (!Number.isSafeInteger(memberId) || memberId > 2_147_483_647) return null;
  const list = (match[2] ?? 'digest') as UnsubscribeList;
  // Compared as text: base64url decoding ignores the last character's spare bits, so comparing
  // decoded bytes would accept other spellings of the same signature.
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(mac(key, list, memberId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? { memberId, list } : null;
}
