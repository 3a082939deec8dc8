import type { Db } from '../../db/db.ts';
import { findMemberIdByEmail } from './notifications.repository.ts';
import { mailLinkKey, unsubscribeToken, type UnsubscribeList } from '../../core/mail/unsubscribe-token.ts';

/**
 * The outbox kinds a member can switch off, and the preference each one is (decision 0044). Only
 * these carry List-Unsubscribe: a password reset, an activation, an order's e-mails, a manager's
 * copy of a recognition and an administrator's upload notice are not the recipient's to stop.
 */
const LIST_OF_KIND: Partial<Record<string, UnsubscribeList>> = {
  'weekly-digest': 'digest',
  'kudos-recognition': 'recognised',
  'kudos-high5': 'high5',
  'kudos-payitforward': 'points',
  'points-credited': 'points',
  reaction: 'reaction',
};

/**
 * The List-Unsubscribe headers (RFC 2369) of one outgoing e-mail, given at delivery: the signed
 * /unsubscribe link for the member the message is addressed to and the list its kind belongs to;
 * with an https portal also `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), which
 * a mail client answers with a POST to that link. Nothing for other kinds, or an address that is
 * no member's.
 */
export function listUnsubscribeHeaders(db: Db, publicUrl: string) {
  const portal = publicUrl.replace(/\/$/, '');
  // RFC 8058 one-click needs an HTTPS link.
  const oneClick = portal.startsWith('https://');
  // Read (or created) now, outside any delivery transaction, and kept.
  mailLinkKey(db).catch(() => undefined);
  return async (tx: Db, mail: { kind: string; to: string }): Promise<Record<string, string> | undefined> => {
    const list = Object.hasOwn(LIST_OF_KIND, mail.kind) ? LIST_OF_KIND[mail.kind] : undefined;
    if (!list) return undefined;
    const memberId = await findMemberIdByEmail(tx, mail.to);
    if (memberId === null) return undefined;
    const link = `${portal}/unsubscribe?token=${unsubscribeToken(await mailLinkKey(db, tx), memberId, list)}`;
    return {
      'List-Unsubscribe': `<${link}>`,
      ...(oneClick ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
    };
  };
}
