import type { UnsubscribeResponse } from '@ovation/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { businessRule } from '../../lib/app-errors.ts';
import { findDigestMember, turnDigestOff } from './digest.repository.ts';
import { mailLinkKey, verifyUnsubscribeToken } from './unsubscribe-token.ts';

export const INVALID_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn the weekly digest off under My Profile.';

/** The digest e-mail's link: turns off that member's weekly digest, without signing in. */
export async function unsubscribeFromDigest(db: Db, token: string): Promise<UnsubscribeResponse> {
  const memberId = verifyUnsubscribeToken(await mailLinkKey(db), token);
  if (memberId === null || !(await findDigestMember(db, memberId))) throw businessRule(INVALID_UNSUBSCRIBE_LINK, 400);
  const wasOn = await turnDigestOff(db, memberId);
  return {
    alreadyOff: !wasOn,
    message: wasOn
      ? 'You will no longer receive the weekly digest. You can turn it on again under My Profile.'
      : 'The weekly digest was already off. Nothing has changed.',
  };
}
