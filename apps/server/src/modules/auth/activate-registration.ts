import { refusePersonalPassword } from './personal-password.ts';
import type { Db } from '../../db/db.ts';
import { businessRule, tooManyRequests } from '../../lib/app-errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import { insertCredentials } from './credentials.repository.ts';
import type { AuthLimits } from './auth.service.ts';
import { activationTokens } from './single-use-tokens.repository.ts';

const INVALID_LINK =
  'This activation link is invalid, already used or expired. If you have already set your password, sign in; otherwise register again for a new link.';

/**
 * Sets the first password with the activation link's token: the token works once, and the
 * member is registered from then on. Like a password reset, the member then signs in.
 */
export async function activateRegistration(
  deps: { db: Db; limits: AuthLimits },
  input: { token: string; password: string; ip: string },
) {
  const { db } = deps;
  if (!deps.limits.emailLinkPerIp.hit(input.ip)) throw tooManyRequests();
  const tokenHash = hashToken(input.token);
  // Cheap check first: an unknown or spent token costs no password hashing.
  const memberId = await activationTokens.liveMember(db, tokenHash);
  if (memberId === undefined) throw businessRule(INVALID_LINK, 400);
  await refusePersonalPassword(db, memberId, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const activated = await db.transaction(async (tx) => {
    const consumed = await activationTokens.consume(tx, tokenHash);
    if (consumed === undefined) return false;
    await activationTokens.retire(tx, consumed);
    return insertCredentials(tx, consumed, passwordHash);
  });
  if (!activated) throw businessRule(INVALID_LINK, 400);
  return { message: 'Your account is ready. You can sign in now.' };
}
