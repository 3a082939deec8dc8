import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_PREFERENCE_KINDS } from '@ovation/shared/schemas/notifications';
import { serverKey } from '../secrets/server-key.ts';

/**
 * The e-mails a token can switch off, one per token (decision 0044): the weekly digest, or one
 * kind of notification e-mail (a preference on My Profile).
 */
export const UNSUBSCRIBE_LISTS = ['digest', ...EMAIL_PREFERENCE_KINDS] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/**
 * What the token may do, inside the MAC: turn off this list for this member, nothing else. The
 * digest keeps its first purpose, so links in digests already sent keep working.
 */
const purposeOf = (list: UnsubscribeList) =>
  list === 'digest' ? 'unsubscribe-weekly-digest' : `unsubscribe-email-${list}`;
/**
 * The key the unsubscribe links are signed with, kept in the database (decision 0027); `via` as
 * in `serverKey`.
 */
export const mailLinkKey = serverKey('mail-links');

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
