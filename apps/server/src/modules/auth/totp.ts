import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { offersSecondFactor } from '@ovation/shared/capabilities';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError, forbidden, tooManyRequests, unauthorized } from '../../lib/app-errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findMemberProfile } from '../members/member.repository.ts';
import { findCredentials } from './credentials.repository.ts';
import {
  confirmTotp,
  countChallengeAttempt,
  findTotp,
  insertChallenge,
  isTotpEnrolled,
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
export async function startTotpEnrolment(db: Db, memberId: number, currentPassword: string) {
  const member = await memberFacts(db, memberId);
  if (!offersSecondFactor(member)) throw forbidden('A second factor is offered to administrators and report roles.');
  const creds = await findCredentials(db, memberId);
  if (!creds || !(await verifyPassword(creds.passwordHash, currentPassword))) {
    throw fieldError('currentPassword', 'The current password is not correct');
  }
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
  if (totpFor(row.secret).validate({ token: code, window: 1 }) === null) {
    throw fieldError('code', 'That code is not right. Enter the code your app shows now.');
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await confirmTotp(db, memberId, recoveryCodes.map(hashToken));
  return { recoveryCodes };
}

/** After a right password: a member with a confirmed second factor gets a challenge, not a session. */
export async function secondFactorChallenge(db: Db, memberId: number) {
  if (!(await isTotpEnrolled(db, memberId))) return undefined;
  const challenge = newToken();
  await insertChallenge(db, memberId, hashToken(challenge), new Date(Date.now() + CHALLENGE_TTL_MS));
  return { secondFactor: 'totp' as const, challenge };
}

/**
 * Checks the code for a challenge: each attempt is counted first (five per challenge), a TOTP
 * code works once (its time step is recorded), a recovery code is removed when used. Answers
 * the member whose sign-in may finish.
 */
export async function passSecondFactor(
  deps: { db: Db; perIp: RateLimiter },
  input: { challenge: string; code: string; ip: string },
): Promise<number> {
  if (deps.perIp.isLimited(input.ip)) throw tooManyRequests();
  const tokenHash = hashToken(input.challenge);
  const memberId = await countChallengeAttempt(deps.db, tokenHash, MAX_CODE_ATTEMPTS);
  if (memberId === undefined) {
    deps.perIp.hit(input.ip);
    throw unauthorized(INVALID_CODE);
  }
  const row = await findTotp(deps.db, memberId);
  const code = input.code.replace(/\s/g, '').toLowerCase();
  let ok = false;
  if (row?.confirmedAt) {
    if (/^\d{6}$/.test(code)) {
      const delta = totpFor(row.secret).validate({ token: code, window: 1 });
      if (delta !== null) {
        const step = Math.floor(Date.now() / 1000 / PERIOD) + delta;
        ok = await useTotpStep(deps.db, memberId, step);
      }
    } else {
      ok = await useRecoveryCode(deps.db, memberId, hashToken(code));
    }
  }
  if (!ok || !(await spendChallenge(deps.db, tokenHash))) {
    deps.perIp.hit(input.ip);
    throw unauthorized('That code is not right. Enter the code your app shows now, or a recovery code.');
  }
  return memberId;
}
