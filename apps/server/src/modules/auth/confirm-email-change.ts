import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { findCredentials } from './credentials.repository.ts';
import { checkCurrentPassword } from './current-password.ts';

/**
 * The e-mail address is the sign-in name and where reset links go, so changing it needs the
 * current password (a stolen session alone cannot take the account over, nor guess it: wrong
 * ones count with change-password's). Throws a field error on `currentPassword` when it is
 * missing or wrong, 429 past the limit.
 */
export async function confirmEmailChange(
  deps: { db: Db; failures: SharedRateLimiter },
  memberId: number,
  currentPassword: string | undefined,
) {
  // A member who signs in only through single sign-on has no password to prove it with (0085).
  if (!(await findCredentials(deps.db, memberId))) {
    throw fieldError(
      'email',
      'You sign in without a portal password, so only support can change this address: please use Contact Us',
    );
  }
  if (!currentPassword) {
    throw fieldError('currentPassword', 'Enter your current password to change your e-mail address');
  }
  await checkCurrentPassword(deps, memberId, currentPassword);
}
