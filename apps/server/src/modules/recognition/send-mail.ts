import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queueEmail } from '../mail/mailer.ts';
import type { SendMember } from './recipients.repository.ts';

export interface KudosMail {
  kind: 'recognition' | 'high5' | 'payitforward';
  senderName: string;
  recipient: SendMember;
  /** Behaviour name, 'High Five' or 'Pay It Forward'. */
  label: string;
  message: string;
  points: number;
  pointsName: string;
  /** Tell the recipient's manager too (recognitions), unless the manager sent it. */
  notifyManager: boolean;
  senderId: number;
}

const SUBJECTS = {
  recognition: (s: string) => `${s} recognised you`,
  high5: (s: string) => `${s} sent you a High Five`,
  payitforward: (s: string) => `${s} paid it forward to you`,
};

/** Queues the recipient's (and for recognitions their manager's) e-mail in the send's transaction. */
export async function queueKudosMail(db: Db, log: FastifyBaseLogger, mail: KudosMail) {
  const { recipient, senderName, points, pointsName } = mail;
  const withPoints = points > 0 ? ` and ${points} ${pointsName}` : '';
  if (recipient.email) {
    await queueEmail(db, log, {
      kind: `kudos-${mail.kind}`,
      to: recipient.email,
      subject: SUBJECTS[mail.kind](senderName),
      text:
        `Hi ${recipient.firstName},\n\n${senderName} sent you ${mail.label}${withPoints}:\n\n` +
        `"${mail.message}"\n\nSee it in the Kudos Thread.`,
    });
  }
  if (mail.notifyManager && recipient.managerEmail && recipient.managerId !== mail.senderId) {
    await queueEmail(db, log, {
      kind: `kudos-${mail.kind}-manager`,
      to: recipient.managerEmail,
      subject: `${senderName} recognised ${recipient.fullName}`,
      text:
        `Hi ${recipient.managerFirstName ?? ''},\n\n${senderName} recognised ${recipient.fullName}, ` +
        `a member of your team, for ${mail.label}${withPoints}:\n\n"${mail.message}"`,
    });
  }
}
