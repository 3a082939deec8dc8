import type { Db } from '../../db/client.ts';
import { fieldError, tooManyRequests } from '../../lib/app-errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { findCredentials } from './credentials.repository.ts';

/**
 * A signed-in member proves it is them with their current password (changing the password,
 * the e-mail address or the second factor). Wrong passwords count per member in `failures`,
 * shared by all of these, so a stolen session cannot guess the password: past the limit, 429
 * before any hashing.
 */
export async function checkCurrentPassword(
  deps: { db: Db; failures: RateLimiter },
  memberId: number,
  password: string,
  tooMany = 'Too many wrong passwords. Please wait 15 minutes, or sign out and reset your password.',
): Promise<void> {
  const key = String(memberId);
  if (deps.failures.isLimited(key)) throw tooManyRequests(tooMany);
  const creds = await findCredentials(deps.db, memberId);
  if (!creds || !(await verifyPassword(creds.passwordHash, password))) {
    deps.failures.hit(key);
    throw fieldError('currentPassword', 'The current password is not correct');
  }
}
