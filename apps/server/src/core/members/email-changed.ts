import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { queueEmail } from '../mail/mailer.ts';

/**
 * Tells the old address that the sign-in address changed, and where to turn if it was not them
 * (the member on My Profile, or a members upload).
 */
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
