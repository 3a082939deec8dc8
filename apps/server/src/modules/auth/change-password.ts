import type { FastifyBaseLogger } from 'fastify';
import { refusePersonalPassword } from './personal-password.ts';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { findMemberProfile } from '../../core/members/member.repository.ts';
import { retireOutstandingProofs, updatePassword } from './credentials.repository.ts';
import { checkCurrentPassword } from './current-password.ts';
import type { SessionCache } from '../../core/sessions/session-cache.ts';
import { revokeOtherSessions } from '../../core/sessions/session.repository.ts';

export interface ChangePasswordDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Wrong current passwords per member: a stolen session cannot guess the password. */
  wrongPasswordPerMember: SharedRateLimiter;
  /** This instance's session cache: the other sessions are forgotten here after the commit. */
  sessions: SessionCache;
}

/**
 * A signed-in member changes their own password: the current one proves it is them, every
 * other session is signed out (this one stays), reset links and sign-in challenges issued before
 * stop working, and the member is told by e-mail.
 */
export async function changePassword(
  deps: ChangePasswordDeps,
  auth: { memberId: number; sessionId: number },
  input: { currentPassword: string; newPassword: string },
) {
  await checkCurrentPassword(
    { db: deps.db, failures: deps.wrongPasswordPerMember },
    auth.memberId,
    input.currentPassword,
  );
  if (input.newPassword === input.currentPassword) {
    throw fieldError('newPassword', 'Choose a password different from the current one');
  }
  await refusePersonalPassword(deps.db, auth.memberId, input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updatePassword(tx, auth.memberId, passwordHash);
    await revokeOtherSessions(tx, auth.memberId, auth.sessionId);
    await retireOutstandingProofs(tx, auth.memberId);
  });
  deps.sessions.forget({ memberIds: [auth.memberId] });
  const member = await findMemberProfile(deps.db, auth.memberId);
  if (member?.email) {
    await queueEmail(deps.db, deps.log, {
      kind: 'password-changed',
      to: member.email,
      subject: 'Your Ovation password was changed',
      text: `Hello ${member.firstName},\n\nThe password of your Ovation account was changed, and every other device signed in to it was signed out.\n\nIf you did not make this change, reset your password from the sign-in page at once and contact support (Contact Support on the sign-in page, /contactsupport).`,
    });
  }
  return { message: 'Your password has been changed. Other devices have been signed out.' };
}
