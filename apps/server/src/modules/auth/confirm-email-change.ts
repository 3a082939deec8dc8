import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { queueEmail } from '../mail/mailer.ts';
import { checkCurrentPassword } from './current-password.ts';

/**
 * The e-mail address is the sign-in name and where reset links go, so changing it needs the
 * current password (a stolen session alone cannot take the account over, nor guess it: wrong
 * ones count with change-password's). Throws a field error on `currentPassword` when it is
 * missing or wrong, 429 past the limit.
 */
export async function confirmEmailChange(
  deps: { db: Db; failures: RateLimiter },
  memberId: number,
  currentPassword: string | undefined,
) {
  if (!currentPassword) {
    throw fieldError('currentPassword', 'Enter your current password to change your e-mail address');
  }
  await checkCurrentPassword(deps, memberId, currentPassword);
}

/** Tells the old address that the sign-in address changed, and where to turn if it was not them. */
export async function tellOldAddress(
  db: Db,
  log: FastifyBaseLogger,
  change: { firstName: string; oldEmail: string; newEmail: string },
) {
  await queueEmail(db, log, {
    kind: 'email-changed',
    to: change.oldEmail,
    subject: 'Your Ovation e-mail address was changed',
    text: `Hello ${change.firstName},\n\nThe e-mail address of your Ovation account was changed to ${change.newEmail}. From now on you sign in with that address, and password reset links go there.\n\nIf you did not make this change, contact support at once (Contact Support on the sign-in page, /contactsupport).`,
  });
}
