import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { offersSecondFactor } from '@ovation/shared/capabilities';
import type { Db } from '../../db/db.ts';
import { conflict, fieldError, forbidden, tooManyRequests, unauthorized } from '../../lib/app-errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { findMemberProfile } from '../../core/members/member.repository.ts';
import { admitSignInAttempt, onFailedSignIn } from './sign-in-throttle.ts';
import { clearSignInFailures } from './sign-in-throttle.repository.ts';
import { asCountedGuess, checkCurrentPassword, verifyCurrentPassword } from './current-password.ts';
import {
  confirmTotp,
  countChallengeAttempt,
  deleteTotp,
  findTotp,
  insertChallenge,
  isTotpEnrolled,
  replaceRecoveryCodes,
  saveUnconfirmedTotp,
  spendChallenge,
  useRecoveryCode,
  useTotpStep,
} from './totp.repository.ts';

/** TOTP second factor (issue 15, docs/decisions/0037): RFC 6238, SHA-1, 6 digits, 30 s. */
const PERIOD = 30;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
const RECOVERY_CODES = 10;
const ISSUER = 'Ovation';
const INVALID_CODE = 'That code did not work. Sign in again and enter the code your app shows now.';

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });

async function memberFacts(db: Db, memberId: number) {
  const row = await findMemberProfile(db, memberId);
  if (!row) throw unauthorized();
  return row;
}

export async function totpStatus(db: Db, memberId: number) {
  const member = await memberFacts(db, memberId);
  return { eligible: offersSecondFactor(member), enrolled: await isTotpEnrolled(db, memberId) };
}

/** Starts enrolment (needs the current password): a new secret, its otpauth:// URI and QR code. */
export async function startTotpEnrolment(
  deps: { db: Db; failures: SharedRateLimiter },
  memberId: number,
  currentPassword: string,
) {
  const { db } = deps;
  const member = await memberFacts(db, memberId);
  if (!offersSecondFactor(member)) throw forbidden('A second factor is offered to administrators and report roles.');
  await checkCurrentPassword(deps, memberId, currentPassword);
  if (await isTotpEnrolled(db, memberId)) throw conflict('Your second factor is already on.');
  const secret = new Secret({ size: 20 }).base32;
  await saveUnconfirmedTotp(db, memberId, secret);
  const otpauthUri = totpFor(secret, member.email ?? `member-${memberId}`).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Finishes enrolment with a code from the app; answers the recovery codes, shown once. */
export async function confirmTotpEnrolment(db: Db, memberId: number, code: string) {
  const row = await findTotp(db, memberId);
  if (!row || row.confirmedAt) throw conflict('Start turning on the second factor first.');
  const delta = totpFor(row.secret).validate({ token: code, window: 1 });
  if (delta === null) {
    throw fieldError('code', 'That code is not right. Enter the code your app shows now.');
  }
  const recoveryCodes = newRecoveryCodes();
  // The code that confirmed enrolment is spent: it cannot also finish a sign-in.
  await confirmTotp(db, memberId, recoveryCodes.map(hashToken), Math.floor(Date.now() / 1000 / PERIOD) + delta);
  return { recoveryCodes };
}

/** Ten random single-use codes (40 bits each), shown once; only their hashes are kept. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/**
 * A code for a confirmed second factor: a TOTP code works once (its time step is recorded, an
 * equal or older step is a replay); a recovery code is removed when used.
 */
async function acceptCode(db: Db, memberId: number, secret: string, rawCode: string): Promise<boolean> {
  const code = rawCode.replace(/\s/g, '').toLowerCase();
  if (!/^\d{6}$/.test(code)) {
    // A recovery code typed without its dash ("82fdc7daa8") is the same code.
    const recovery = /^[0-9a-f]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
    return useRecoveryCode(db, memberId, hashToken(recovery));
  }
  const delta = totpFor(secret).validate({ token: code, window: 1 });
  if (delta === null) return false;
  return useTotpStep(db, memberId, Math.floor(Date.now() / 1000 / PERIOD) + delta);
}

export interface ManageTotpDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** Wrong passwords and codes per member (shared with change-password): a stolen session cannot guess. */
  failures: SharedRateLimiter;
}

/**
 * Proves the signed-in member holds the account and the authenticator: the current password and
 * a current code (or an unused recovery code), as GitHub and Microsoft ask before changing either.
 */
async function proveHolder(deps: ManageTotpDeps, memberId: number, input: { currentPassword: string; code: string }) {
  // Password and code are one counted guess, taken before either is checked (parallel guesses
  // cannot pass the limit) and given back when both hold.
  return asCountedGuess(
    deps.failures,
    memberId,
    'Too many wrong passwords or codes. Please wait 15 minutes and try again.',
    async () => {
      await verifyCurrentPassword(deps.db, memberId, input.currentPassword);
      const member = await memberFacts(deps.db, memberId);
      const row = await findTotp(deps.db, memberId);
      if (!row?.confirmedAt) throw conflict('Two-step sign-in is not on.');
      if (!(await acceptCode(deps.db, memberId, row.secret, input.code))) {
        throw fieldError('code', 'That code is not right. Enter the code your app shows now, or a recovery code.');
      }
      return member;
    },
  );
}

async function tellMember(deps: ManageTotpDeps, member: { email: string | null; firstName: string }, what: string) {
  if (!member.email) return;
  await queueEmail(deps.db, deps.log, {
    kind: 'second-factor-changed',
    to: member.email,
    subject: 'Your Ovation two-step sign-in was changed',
    text: `Hello ${member.firstName},\n\n${what}\n\nIf you did not make this change, reset your password from the sign-in page at once and contact support (Contact Support on the sign-in page, /contactsupport).`,
  });
}

/** New recovery codes replace the old ones (password and a current code first); shown once. */
export async function regenerateRecoveryCodes(
  deps: ManageTotpDeps,
  memberId: number,
  input: { currentPassword: string; code: string },
) {
  const member = await proveHolder(deps, memberId, input);
  const recoveryCodes = newRecoveryCodes();
  await replaceRecoveryCodes(deps.db, memberId, recoveryCodes.map(hashToken));
  await tellMember(
    deps,
    member,
    'New recovery codes were made for your two-step sign-in; the old ones no longer work.',
  );
  return { recoveryCodes };
}

/** Turns the second factor off (password and a current code first): the password alone signs in again. */
export async function turnOffTotp(
  deps: ManageTotpDeps,
  memberId: number,
  input: { currentPassword: string; code: string },
) {
  const member = await proveHolder(deps, memberId, input);
  await deleteTotp(deps.db, memberId);
  await tellMember(
    deps,
    member,
    'Two-step sign-in was turned off for your account: your password alone now signs you in.',
  );
  return { message: 'Two-step sign-in is off.' };
}

/** After a right password: a member with a confirmed second factor gets a challenge, not a session. */
export async function secondFactorChallenge(db: Db, memberId: number) {
  if (!(await isTotpEnrolled(db, memberId))) return undefined;
  const challenge = newToken();
  await insertChallenge(db, memberId, hashToken(challenge), new Date(Date.now() + CHALLENGE_TTL_MS));
  return { secondFactor: 'totp' as const, challenge };
}

/** The sign-in throttle's counter of a member's wrong codes, across all their challenges (0081). */
export const codeCounterKey = (memberId: number) => `totp:${memberId}`;

/**
 * Checks the code for a challenge: each attempt is counted first (five per challenge, and in the
 * sign-in throttle per member across challenges, so asking for new challenges gives a guesser
 * nothing: past ten wrong codes the member's sign-in pauses and they are told, decisions 0014,
 * 0081), a TOTP code works once (its time step is recorded), a recovery code is removed when
 * used. Answers the member whose sign-in may finish.
 */
export async function passSecondFactor(
  deps: { db: Db; log: FastifyBaseLogger; publicUrl: string; perIp: RateLimiter },
  input: { challenge: string; code: string; ip: string },
): Promise<number> {
  if (deps.perIp.isLimited(input.ip)) throw tooManyRequests();
  const tokenHash = hashToken(input.challenge);
  const memberId = await countChallengeAttempt(deps.db, tokenHash, MAX_CODE_ATTEMPTS);
  if (memberId === undefined) {
    deps.perIp.hit(input.ip);
    throw unauthorized(INVALID_CODE);
  }
  const member = await memberFacts(deps.db, memberId);
  const counter = { email: member.email ?? '', key: codeCounterKey(memberId), secondFactor: true };
  const attempt = await admitSignInAttempt(deps, counter);
  const row = await findTotp(deps.db, memberId);
  const ok = row?.confirmedAt ? await acceptCode(deps.db, memberId, row.secret, input.code) : false;
  if (!ok || !(await spendChallenge(deps.db, tokenHash))) {
    deps.perIp.hit(input.ip);
    await onFailedSignIn(deps, counter, attempt);
    throw unauthorized('That code is not right. Enter the code your app shows now, or a recovery code.');
  }
  await clearSignInFailures(deps.db, counter.key);
  return memberId;
}
