import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const LIVE_TICKET_TTL_MS = 60_000;

/** Whose stream a ticket opens: the member and the session that asked for it. */
export interface LiveTicketHolder {
  memberId: number;
  sessionId: number;
}

/**
 * The configured secret; without one, `stored` (a key kept in the database, so every instance
 * and restart agrees); without a database at hand, a random one for this process.
 */
export function resolveLiveSecret(configured: string, stored?: Buffer): Buffer {
  return configured ? Buffer.from(configured, 'utf8') : (stored ?? randomBytes(32));
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/**
 * A short-lived ticket for EventSource, which cannot send the bearer header:
 * `{memberId}.{sessionId}.{expiresAtMs}.{hmac}`. Never a long-lived token in a URL. The session
 * is named so that the stream ends when that session is revoked (docs/decisions/0009).
 */
export function issueLiveTicket(secret: Buffer, holder: LiveTicketHolder, now = Date.now()): string {
  const body = `${holder.memberId}.${holder.sessionId}.${now + LIVE_TICKET_TTL_MS}`;
  return `${body}.${sign(secret, body)}`;
}

/** The member and session of a valid, unexpired ticket; null otherwise. */
export function verifyLiveTicket(secret: Buffer, ticket: string, now = Date.now()): LiveTicketHolder | null {
  const match = /^(\d{1,10})\.(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, memberId, sessionId, expires, signature] = match;
  const expected = Buffer.from(sign(secret, `${memberId}.${sessionId}.${expires}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(expires) < now) return null;
  return { memberId: Number(memberId), sessionId: Number(sessionId) };
}
