import type { EmailPreferenceKind, UnsubscribeResponse } from '@ovation/shared/schemas/notifications';
import type { Db } from '../../db/db.ts';
import { businessRule } from '../../lib/app-errors.ts';
import { findDigestMember } from './digest.repository.ts';
import { turnEmailOff } from '../../core/members/preferences.repository.ts';
import { mailLinkKey, verifyUnsubscribeToken, type UnsubscribeList } from '../../core/mail/unsubscribe-token.ts';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn these e-mails off under My Profile.';

/** What each list's answer says it switched off. */
const SWITCHED: Record<EmailPreferenceKind, string> = {
  recognised: 'e-mails when someone recognises you',
  high5: 'e-mails when you receive a High Five',
  points: 'e-mails when you receive points',
  reaction: 'e-mails when someone reacts to your kudos',
};

function answer(list: UnsubscribeList, wasOn: boolean): UnsubscribeResponse {
  if (list === 'digest') {
    return {
      alreadyOff: !wasOn,
      message: wasOn
        ? 'You will no longer receive the weekly digest. You can turn it on again under My Profile.'
        : 'The weekly digest was already off. Nothing has changed.',
    };
  }
  const what = SWITCHED[list];
  return {
    alreadyOff: !wasOn,
    message: wasOn
      ? `You will no longer receive ${what}. You can turn them on again under My Profile.`
      : `${what[0]!.toUpperCase()}${what.slice(1)} were already off. Nothing has changed.`,
  };
}

/**
 * An e-mail's unsubscribe link (the /unsubscribe page's button, or a mail client's one-click
 * POST): turns off the one e-mail the signed token names for the member it was made for, without
 * signing in (decisions 0027, 0044).
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<UnsubscribeResponse> {
  const signed = verifyUnsubscribeToken(await mailLinkKey(db), token);
  if (signed === null || !(await findDigestMember(db, signed.memberId))) {
    throw businessRule(INVALID_UNSUBSCRIBE_LINK, 400);
  }
  return answer(signed.list, await turnEmailOff(db, signed.memberId, signed.list));
}
