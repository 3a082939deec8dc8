import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { tooManyRequests } from '../../lib/app-errors.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { findActiveMemberByEmail } from '../../core/members/member.repository.ts';
import { findCredentials } from './credentials.repository.ts';
import {
  pruneSignInFailures,
  recordSignInAttempt,
  startSignInPause,
  type ThrottlePolicy,
} from './sign-in-throttle.repository.ts';

/**
 * Account-wide sign-in throttle (docs/decisions/0014): 10 failures within 15 minutes, from
 * any IP, pause the account's password sign-in for 15 minutes, then 30, 60 and at most 2 hours
 * while failures go on (a day without failures starts over). Never a permanent lockout, and a
 * password reset lifts it. A browser the member signed in from before is counted apart
 * (decision 0071), so others' failures never pause it.
 */
export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  limit: 10,
  windowMs: 15 * 60 * 1000,
  firstPauseMs: 15 * 60 * 1000,
  maxPauseMs: 2 * 60 * 60 * 1000,
  decayMs: 24 * 60 * 60 * 1000,
};

export const ACCOUNT_PAUSED =
  'Too many failed sign-ins to this account. Signing in with a password is paused for 15 minutes or more: try again later, or reset your password to sign in now.';

function minutes(ms: number): string {
  const m = Math.round(ms / 60_000);
  return m >= 60 && m % 60 === 0 ? `${m / 60} hour${m === 60 ? '' : 's'}` : `${m} minutes`;
}

interface ThrottleDeps {
  db: Db;
  log: FastifyBaseLogger;
  publicUrl: string;
}

/**
 * Whose failures an attempt counts with: the account typed, or that account from one known
 * device (decision 0071), which failures elsewhere do not pause.
 */
export interface SignInCounter {
  email: string;
  /** The counter's key: the e-mail as typed, `device:<id>:<e-mail>`, or `totp:<member id>`. */
  key: string;
  /** Counts wrong second-factor codes, entered after the right password (decision 0081). */
  secondFactor?: boolean;
}

export const signInCounter = (email: string, deviceId: string | null): SignInCounter => ({
  email,
  key: deviceId ? `device:${deviceId}:${email}` : email,
});

/**
 * Counts a sign-in attempt for the account typed, before the password is checked. Throws 429
 * while the account is paused, or when parallel guesses have gone past the limit (which
 * starts the pause). Returns the attempt's place in the window for `onFailedSignIn`.
 */
export async function admitSignInAttempt(deps: ThrottleDeps, counter: SignInCounter): Promise<number> {
  const now = new Date();
  const attempt = await recordSignInAttempt(deps.db, counter.key, now, SIGN_IN_THROTTLE);
  if (Math.random() < 0.01) await pruneSignInFailures(deps.db, now, SIGN_IN_THROTTLE.decayMs);
  if (attempt.blockedUntil && attempt.blockedUntil > now) throw tooManyRequests(ACCOUNT_PAUSED);
  if (attempt.failures > SIGN_IN_THROTTLE.limit) {
    await pauseAndTell(deps, counter, now);
    throw tooManyRequests(ACCOUNT_PAUSED);
  }
  return attempt.failures;
}

/** After a wrong password: the attempt that reaches the limit pauses the account (or that device's attempts). */
export async function onFailedSignIn(deps: ThrottleDeps, counter: SignInCounter, failures: number): Promise<void> {
  if (failures >= SIGN_IN_THROTTLE.limit) await pauseAndTell(deps, counter, new Date());
}

/** Starts the pause; when this call started it and the account is a member's, e-mails them once. */
async function pauseAndTell(deps: ThrottleDeps, counter: SignInCounter, now: Date): Promise<void> {
  const pausedUntil = await startSignInPause(deps.db, counter.key, now, SIGN_IN_THROTTLE);
  if (!pausedUntil) return;
  const member = await findActiveMemberByEmail(deps.db, counter.email);
  if (!member?.email || !(await findCredentials(deps.db, member.id))) return;
  deps.log.warn({ memberId: member.id }, 'account sign-in paused after repeated failures');
  const resetLink = `${deps.publicUrl.replace(/\/$/, '')}/resetpassword`;
  await queueEmail(deps.db, deps.log, {
    kind: 'sign-in-throttled',
    to: member.email,
    subject: counter.secondFactor ? 'Your Ovation password may be known' : 'Failed sign-ins to your Ovation account',
    text: counter.secondFactor
      ? secondFactorPauseText(member.firstName, minutes(pausedUntil.getTime() - now.getTime()), resetLink)
      : `Hello ${member.firstName},\n\n` +
        `There were ${SIGN_IN_THROTTLE.limit} failed attempts to sign in to your Ovation account with a wrong password. ` +
        `To protect it, signing in with a password is paused for ${minutes(pausedUntil.getTime() - now.getTime())}.\n\n` +
        `If this was you, wait and try again. If it was not, or you have forgotten your password, reset it here ` +
        `(this also lifts the pause):\n${resetLink}\n\nNo one has signed in to your account because of these attempts.`,
  });
}

/**
 * Wrong codes come after the right password: unless the member mistyped them, someone else
 * knows it, so the e-mail says so and asks for a new password now.
 */
function secondFactorPauseText(firstName: string, pause: string, resetLink: string): string {
  return (
    `Hello ${firstName},\n\n` +
    `Someone entered your Ovation password correctly, then ${SIGN_IN_THROTTLE.limit} wrong codes from your authenticator app. ` +
    `To protect your account, signing in is paused for ${pause}.\n\n` +
    `If this was not you, someone knows your password: reset it now here (this also lifts the pause):\n${resetLink}\n\n` +
    `No one has signed in to your account because of these attempts.`
  );
}
