import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { businessRule, tooManyRequests, unauthorized } from '../../lib/app-errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueEmail } from '../mail/mailer.ts';
import { findActiveMemberByEmail, findMemberByEmployeeNumber } from '../members/member.repository.ts';
import {
  consumeResetToken,
  findCredentials,
  insertCredentials,
  insertResetToken,
  updatePassword,
} from './credentials.repository.ts';
import { insertSession, revokeAllSessions, revokeSession } from './session.repository.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const INVALID_LOGIN = 'The e-mail address or password is incorrect.';

export interface AuthDeps {
  db: Db;
  log: FastifyBaseLogger;
  sessionTtlHours: number;
  publicUrl: string;
  limits: AuthLimits;
}

/** Failed sign-ins are counted per account+IP (so nobody can lock a victim out from elsewhere) and per IP. */
export function createAuthLimits() {
  return {
    loginPerAccountAndIp: new RateLimiter(10, 15 * 60 * 1000),
    loginPerIp: new RateLimiter(50, 15 * 60 * 1000),
    resetPerIp: new RateLimiter(10, 60 * 60 * 1000),
    resetPerAccount: new RateLimiter(3, 60 * 60 * 1000),
    registerPerIp: new RateLimiter(20, 60 * 60 * 1000),
    contactPerIp: new RateLimiter(10, 60 * 60 * 1000),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** Signs a member in with e-mail and password and opens a session. */
export async function logIn(deps: AuthDeps, input: { email: string; password: string; ip: string }) {
  const accountKey = `${input.email}|${input.ip}`;
  if (deps.limits.loginPerAccountAndIp.isLimited(accountKey) || deps.limits.loginPerIp.isLimited(input.ip)) {
    throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.');
  }
  const member = await findActiveMemberByEmail(deps.db, input.email);
  const creds = member ? await findCredentials(deps.db, member.id) : undefined;
  const ok = creds
    ? await verifyPassword(creds.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!member || !creds || !ok) {
    deps.limits.loginPerAccountAndIp.hit(accountKey);
    deps.limits.loginPerIp.hit(input.ip);
    throw unauthorized(INVALID_LOGIN);
  }
  deps.limits.loginPerAccountAndIp.reset(accountKey);
  const authToken = newToken();
  const expiresAt = new Date(Date.now() + deps.sessionTtlHours * 3600 * 1000);
  await insertSession(deps.db, member.id, hashToken(authToken), expiresAt);
  return { authToken };
}

/** Revokes the session behind the request's token. */
export async function logOut(db: Db, sessionId: number) {
  await revokeSession(db, sessionId);
}

/** A member already in the member database claims their account (spec §2 /register). */
export async function register(
  deps: AuthDeps,
  input: { employeeNumber: string; email: string; password: string; ip: string },
) {
  if (!deps.limits.registerPerIp.hit(input.ip)) throw tooManyRequests();
  const member = await findMemberByEmployeeNumber(deps.db, input.employeeNumber);
  const matches = member && member.active && (member.email ?? '').toLowerCase() === input.email;
  if (!member || !matches) {
    throw businessRule(
      'We could not find a staff member with that employee number and e-mail address. Check both, or contact support.',
      400,
    );
  }
  const created = await insertCredentials(deps.db, member.id, await hashPassword(input.password));
  if (!created) {
    throw businessRule(
      'This account is already registered. Sign in, or reset your password if you have forgotten it.',
      409,
    );
  }
  return { message: 'Your account is ready. You can sign in now.' };
}

/** E-mails a single-use reset link; answers the same whether or not the address is known. */
export async function requestPasswordReset(deps: AuthDeps, input: { email: string; ip: string }) {
  const message = 'If that e-mail address belongs to a registered member, a reset link is on its way.';
  if (!deps.limits.resetPerIp.hit(input.ip)) throw tooManyRequests();
  if (!deps.limits.resetPerAccount.hit(input.email)) return { message };
  const member = await findActiveMemberByEmail(deps.db, input.email);
  if (!member || !(await findCredentials(deps.db, member.id))) return { message };
  const token = newToken();
  await insertResetToken(deps.db, member.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  const link = `${deps.publicUrl.replace(/\/$/, '')}/resetpassword?token=${encodeURIComponent(token)}`;
  await queueEmail(deps.db, deps.log, {
    kind: 'password-reset',
    to: member.email!,
    subject: 'Reset your Ovation password',
    text: `Hello ${member.firstName},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
  });
  return { message };
}

/** Sets a new password with a reset token; the token works once and every session is signed out. */
export async function resetPassword(db: Db, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const memberId = await db.transaction(async (tx) => {
    const id = await consumeResetToken(tx, hashToken(input.token));
    if (id === undefined) return undefined;
    await updatePassword(tx, id, passwordHash);
    await revokeAllSessions(tx, id);
    return id;
  });
  if (memberId === undefined) {
    throw businessRule('This reset link is invalid, already used or expired. Please ask for a new one.', 400);
  }
  return { message: 'Your password has been changed. You can sign in now.' };
}
