import type { Db } from '../../db/db.ts';
import { AppError, fieldError, tooManyRequests } from '../../lib/app-errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { findCredentials } from './credentials.repository.ts';

const TOO_MANY = 'Too many wrong passwords. Please wait 15 minutes, or sign out and reset your password.';

/**
 * Runs a proof (a current password, a code) as one counted guess of the member's: the guess takes
 * its place under the limit before any hashing, so parallel guesses cannot pass it, and is given
 * back when the proof holds or fails for another reason than a wrong answer (a field error).
 * Past the limit, 429 at once.
 */
export async function asCountedGuess<T>(
  failures: SharedRateLimiter,
  memberId: number,
  tooMany: string,
  proof: () => Promise<T>,
): Promise<T> {
  const key = String(memberId);
  if (!(await failures.take(key))) throw tooManyRequests(tooMany);
  let proved: T;
  try {
    proved = await proof();
  } catch (error) {
    const wrongAnswer = error instanceof AppError && error.status === 400;
    if (!wrongAnswer) await failures.giveBack(key);
    throw error;
  }
  await failures.giveBack(key);
  return proved;
}

/** Whether `password` is the member's current one: a field error when it is not. */
export async function verifyCurrentPassword(db: Db, memberId: number, password: string): Promise<void> {
  const creds = await findCredentials(db, memberId);
  if (!creds || !(await verifyPassword(creds.passwordHash, password))) {
    throw fieldError('currentPassword', 'The current password is not correct');
  }
}

/**
 * A signed-in member proves it is them with their current password (changing the password,
 * the e-mail address or the second factor). Wrong passwords count per member in `failures`,
 * shared by all of these, so a stolen session cannot guess the password.
 */
export async function checkCurrentPassword(
  deps: { db: Db; failures: SharedRateLimiter },
  memberId: number,
  password: string,
  tooMany = TOO_MANY,
): Promise<void> {
  await asCountedGuess(deps.failures, memberId, tooMany, () => verifyCurrentPassword(deps.db, memberId, password));
}
