import type { FastifyBaseLogger } from 'fastify';
import type { ContactSupportRequest, ContactUsRequest } from '@ovation/shared/schemas/support';
import type { Db } from '../../db/db.ts';
import { unauthorized } from '../../lib/app-errors.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { findMemberProfile } from '../../core/members/member.repository.ts';
import { insertSupportRequest } from './support.repository.ts';

export interface ContactDeps {
  db: Db;
  log: FastifyBaseLogger;
  supportEmail: string;
}

const THANKS = 'Thank you. Your message has been sent to the support team, who will get back to you soon.';

/** Stores an anonymous support request and e-mails it to support, in one transaction. */
export async function contactSupport(deps: ContactDeps, input: Required<ContactSupportRequest>) {
  await deps.db.transaction(async (tx) => {
    const id = await insertSupportRequest(tx, { ...input, subject: 'Support request (not signed in)' });
    await queueEmail(tx, deps.log, {
      kind: 'support-request',
      to: deps.supportEmail,
      subject: `Support request #${id} from ${input.name}`,
      replyTo: input.email,
      text: `From: ${input.name} <${input.email}>\nPhone: ${input.phone || '-'}\n\n${input.message}`,
    });
  });
  return { message: THANKS };
}

/** A signed-in member's Contact Us message; name and e-mail come from the profile, never the body. */
export async function contactUs(deps: ContactDeps, memberId: number, input: ContactUsRequest) {
  const member = await findMemberProfile(deps.db, memberId);
  if (!member) throw unauthorized();
  const name = `${member.firstName} ${member.surname}`;
  await deps.db.transaction(async (tx) => {
    const id = await insertSupportRequest(tx, {
      memberId,
      name,
      email: member.email ?? '',
      phone: member.cellNum ?? '',
      subject: input.subject,
      message: input.message,
    });
    await queueEmail(tx, deps.log, {
      kind: 'contact-us',
      to: deps.supportEmail,
      subject: `Contact us #${id}: ${input.subject}`,
      ...(member.email ? { replyTo: member.email } : {}),
      text: `From: ${name} <${member.email ?? ''}> (employee ${member.employeeNumber})\n\n${input.message}`,
    });
  });
  return { message: THANKS };
}
