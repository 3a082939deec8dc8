import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { tooManyRequests } from '../../lib/app-errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { findMemberByEmployeeNumber } from '../../core/members/member.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { findCredentials } from './credentials.repository.ts';
import { activationTokens } from './single-use-tokens.repository.ts';

export const ACTIVATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The one answer, whatever was found (docs/decisions/0015): it reveals nothing about anyone. */
export const REGISTER_MESSAGE =
  'Thank you. If those details match a member of the firm, please check your e-mail: we have sent a message to the work address we hold for you. An activation link in it works for 24 hours.';

/**
 * /register (spec §2, issue 15 #3): a member of the member database asks to claim their
 * account. Nothing is set here; the address on file gets a single-use activation link (or, when
 * the account is already registered, a note saying so and how to reset). The answer is the
 * same in every case, and so is its timing: the lookup and the e-mail happen after the answer
 * (docs/decisions/0015).
 */
export async function registerMember(deps: AuthDeps, input: { employeeNumber: string; email: string; ip: string }) {
  if (!deps.limits.registerPerIp.hit(input.ip)) throw tooManyRequests();
  deps.background.run(() => mailRegistration(deps, input));
  return { message: REGISTER_MESSAGE };
}

/** What a registration request leads to, after its answer: an e-mail to the address on file, or nothing. */
async function mailRegistration(deps: AuthDeps, input: { employeeNumber: string; email: string }) {
  const member = await findMemberByEmployeeNumber(deps.db, input.employeeNumber);
  const onFile = member?.email ?? '';
  if (!member || !member.active || onFile.toLowerCase() !== input.email) return;
  // At most 3 e-mails per member per hour, so the form cannot be used to flood a mailbox.
  if (!deps.limits.registerPerAccount.hit(String(member.id))) return;

  const base = deps.publicUrl.replace(/\/$/, '');
  if (await findCredentials(deps.db, member.id)) {
    await queueEmail(deps.db, deps.log, {
      kind: 'registration-already-registered',
      to: onFile,
      subject: 'Your Ovation account is already registered',
      text: `Hello ${member.firstName},\n\nSomeone (perhaps you) asked to register your Ovation account, but it is already registered. Sign in at ${base}/hello, or if you have forgotten your password, reset it at ${base}/resetpassword.\n\nIf this was not you, you need do nothing: your password has not changed.`,
    });
    return;
  }

  await queueActivation(deps.db, deps.log, { id: member.id, firstName: member.firstName, email: onFile }, base);
}

/**
 * A new single-use activation link for a member without a password (24 hours), e-mailed to the
 * address on file; answers the link (the first administrator's set-up prints it too).
 */
export async function queueActivation(
  db: Db,
  log: FastifyBaseLogger,
  member: { id: number; firstName: string; email: string },
  base: string,
): Promise<string> {
  const token = newToken();
  await activationTokens.insert(db, member.id, hashToken(token), new Date(Date.now() + ACTIVATION_TOKEN_TTL_MS));
  const link = `${base}/register?token=${encodeURIComponent(token)}`;
  await queueEmail(db, log, {
    kind: 'registration-activation',
    sensitive: true,
    to: member.email,
    subject: 'Activate your Ovation account',
    text: `Hello ${member.firstName},\n\nUse this link within 24 hours to choose your password and activate your Ovation account:\n${link}\n\nIf you did not ask for this, ignore this e-mail; nothing changes until the link is used.`,
  });
  return link;
}
