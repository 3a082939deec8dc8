import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../core/audit/audit-log.repository.ts';
import { maskedEmail } from '../../core/audit/audit-row.ts';
import { refusePersonalPassword } from './personal-password.ts';
import type { Db } from '../../db/db.ts';
import { businessRule, tooManyRequests, unauthorized } from '../../lib/app-errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.ts';
import type { BackgroundWork } from '../../lib/background-work.ts';
import { SharedRateLimits, type SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { findActiveMemberByEmail, findMemberProfile } from '../../core/members/member.repository.ts';
import { findCredentials, retireOutstandingProofs, updatePassword } from './credentials.repository.ts';
import { resetTokens } from './single-use-tokens.repository.ts';
import type { SessionCache } from '../../core/sessions/session-cache.ts';
import { insertSession, revokeAllSessions, revokeSession } from '../../core/sessions/session.repository.ts';
import { clearAccountSignInFailures, clearSignInFailures } from './sign-in-throttle.repository.ts';
import { knownDeviceCookie, knownDeviceId, knownDeviceKey } from './known-device.ts';
import { admitSignInAttempt, onFailedSignIn, signInCounter } from './sign-in-throttle.ts';
import { codeCounterKey, secondFactorChallenge } from './totp.ts';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const INVALID_LOGIN = 'The e-mail address or password is incorrect.';

export interface AuthDeps {
  db: Db;
  log: FastifyBaseLogger;
  sessionTtlHours: number;
  publicUrl: string;
  limits: AuthLimits;
  /** This instance's session cache: revoked sessions are forgotten here after the commit. */
  sessions: SessionCache;
  /** Work done after the answer (registration's lookup and e-mail). */
  background: BackgroundWork;
}

/**
 * Per-IP (and per-address) limits, counted in memory and shared with the other instances
 * through PostgreSQL (core/limits/shared-rate-limiter.ts, docs/decisions/0003). Failed sign-ins per
 * account, whatever the IP, are counted in the database (sign-in-throttle.ts, decision 0014).
 */
export function createAuthLimits(shared: SharedRateLimits = new SharedRateLimits()) {
  const limiter = (name: string, limit: number, windowMs: number): SharedRateLimiter =>
    shared.limiter(`auth:${name}`, limit, windowMs);
  return {
    loginPerIp: limiter('loginPerIp', 50, 15 * 60 * 1000),
    resetPerIp: limiter('resetPerIp', 10, 60 * 60 * 1000),
    resetPerAccount: limiter('resetPerAccount', 3, 60 * 60 * 1000),
    /** Uses of an e-mailed link (reset or activation, valid or not) per IP: token guessing gets 429. */
    emailLinkPerIp: limiter('emailLinkPerIp', 20, 60 * 60 * 1000),
    registerPerIp: limiter('registerPerIp', 20, 60 * 60 * 1000),
    registerPerAccount: limiter('registerPerAccount', 3, 60 * 60 * 1000),
    contactPerIp: limiter('contactPerIp', 10, 60 * 60 * 1000),
    /** Wrong current passwords per member when changing the password (a stolen session guessing). */
    wrongPasswordPerMember: limiter('wrongPasswordPerMember', 5, 15 * 60 * 1000),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** What a right password answers (a session, or the second factor's challenge) and the browser's known-device cookie. */
export interface LoginResult {
  answer: { authToken: string } | Exclude<Awaited<ReturnType<typeof secondFactorChallenge>>, null | undefined>;
  knownDevice: string;
}

/** Signs a member in with e-mail and password and opens a session. */
export async function logIn(
  deps: AuthDeps,
  input: { email: string; password: string; ip: string; knownDevice?: string; traceId?: string },
): Promise<LoginResult> {
  // Every attempt takes a place under the per-IP limit before anything is checked (exact across
  // instances and parallel guesses, decision 0003); all but a wrong password give it back.
  if (!(await deps.limits.loginPerIp.take(input.ip))) {
    throw tooManyRequests('Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.');
  }
  let wrongPassword = false;
  try {
    // Counted before the password is checked: a pause gives a guesser nothing (not even a
    // right guess), and parallel guesses cannot pass the limit.
    const key = await knownDeviceKey(deps.db);
    const counter = signInCounter(input.email, knownDeviceId(key, input.knownDevice, input.email));
    const attempt = await admitSignInAttempt(deps, counter);
    const member = await findActiveMemberByEmail(deps.db, input.email);
    const creds = member ? await findCredentials(deps.db, member.id) : undefined;
    const ok = creds
      ? await verifyPassword(creds.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!member || !creds || !ok) {
      wrongPassword = true;
      await onFailedSignIn(deps, counter, attempt);
      // Audited and logged without the password and with the address masked (issue 43).
      const label = maskedEmail(input.email);
      await audit(
        deps.db,
        { actor: { kind: 'anonymous', label }, traceId: input.traceId },
        { action: 'auth.sign_in_failed', ...(member ? { target: { kind: 'member', id: member.id } } : {}) },
      );
      deps.log.info({ email: label, memberId: member?.id ?? null }, 'sign-in refused: wrong address or password');
      throw unauthorized(INVALID_LOGIN);
    }
    await clearSignInFailures(deps.db, counter.key);
    // This browser knows the password: from now on others' failures do not pause it (0071).
    const knownDevice = knownDeviceCookie(key, input.email);
    // A member with a TOTP second factor finishes at POST /api/auth/login/totp (decision 0037).
    const challenge = await secondFactorChallenge(deps.db, member.id);
    if (challenge) return { answer: challenge, knownDevice };
    const { authToken } = await openSession(deps.db, member.id, deps.sessionTtlHours, {
      method: 'password',
      traceId: input.traceId,
    });
    deps.log.info({ memberId: member.id }, 'signed in with a password');
    return { answer: { authToken }, knownDevice };
  } finally {
    if (!wrongPassword) await deps.limits.loginPerIp.giveBack(input.ip);
  }
}

/**
 * Opens a session for a member who has proved who they are (password or single sign-on):
 * one kind of session, one expiry, one revocation.
 */
export async function openSession(
  db: Db,
  memberId: number,
  sessionTtlHours: number,
  signIn: { method: 'password' | 'totp' | 'sso'; traceId?: string },
) {
  const authToken = newToken();
  const expiresAt = new Date(Date.now() + sessionTtlHours * 3600 * 1000);
  // The session and its audit row (issue 43) together.
  const sessionId = await db.transaction(async (tx) => {
    const id = await insertSession(tx, memberId, hashToken(authToken), expiresAt);
    await audit(
      tx,
      { actor: { kind: 'member', memberId }, traceId: signIn.traceId },
      { action: 'auth.sign_in', target: { kind: 'session', id }, after: { method: signIn.method } },
    );
    return id;
  });
  return { authToken, sessionId };
}

/** Revokes the session behind the request's token (every instance's cache forgets it). */
export async function logOut(deps: Pick<AuthDeps, 'db' | 'sessions'>, sessionId: number) {
  await revokeSession(deps.db, sessionId);
  deps.sessions.forget({ sessionIds: [sessionId] });
}

/**
 * E-mails a single-use reset link; answers the same, and as fast, whether or not the address is
 * known: the lookup and the e-mail happen after the answer, as registration's (decision 0015).
 */
export async function requestPasswordReset(deps: AuthDeps, input: { email: string; ip: string }) {
  const message = 'If that e-mail address belongs to a registered member, a reset link is on its way.';
  if (!deps.limits.resetPerIp.hit(input.ip)) throw tooManyRequests();
  if (deps.limits.resetPerAccount.hit(input.email)) deps.background.run(() => mailPasswordReset(deps, input.email));
  return { message };
}

/** What a reset request leads to, after its answer: a link to a registered member, or nothing. */
async function mailPasswordReset(deps: AuthDeps, email: string) {
  const member = await findActiveMemberByEmail(deps.db, email);
  if (!member || !(await findCredentials(deps.db, member.id))) return;
  const token = newToken();
  await resetTokens.insert(deps.db, member.id, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
  const link = `${deps.publicUrl.replace(/\/$/, '')}/resetpassword?token=${encodeURIComponent(token)}`;
  await queueEmail(deps.db, deps.log, {
    kind: 'password-reset',
    sensitive: true,
    to: member.email!,
    subject: 'Reset your Ovation password',
    text: `Hello ${member.firstName},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
  });
}

/** Sets a new password with a reset token; the token works once and every session is signed out. */
export async function resetPassword(
  deps: Pick<AuthDeps, 'db' | 'limits' | 'sessions'>,
  input: { token: string; password: string; ip: string },
) {
  if (!deps.limits.emailLinkPerIp.hit(input.ip)) throw tooManyRequests();
  const invalid = () =>
    businessRule('This reset link is invalid, already used or expired. Please ask for a new one.', 400);
  const tokenHash = hashToken(input.token);
  // Cheap check first: an unknown or spent token costs no password hashing.
  const owner = await resetTokens.liveMember(deps.db, tokenHash);
  if (owner === undefined) throw invalid();
  await refusePersonalPassword(deps.db, owner, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const memberId = await deps.db.transaction(async (tx) => {
    const id = await resetTokens.consume(tx, tokenHash);
    if (id === undefined) return undefined;
    await updatePassword(tx, id, passwordHash);
    await revokeAllSessions(tx, id);
    // Links and sign-in challenges issued before the reset stop working (security review 2026-11).
    await retireOutstandingProofs(tx, id);
    // Proving the mailbox lifts an account-wide sign-in pause, also each known device's.
    const email = (await findMemberProfile(tx, id))?.email;
    if (email) await clearAccountSignInFailures(tx, email.toLowerCase());
    await clearSignInFailures(tx, codeCounterKey(id));
    return id;
  });
  if (memberId === undefined) throw invalid();
  deps.sessions.forget({ memberIds: [memberId] });
  return { message: 'Your password has been changed. You can sign in now.' };
}
