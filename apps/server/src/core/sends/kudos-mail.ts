import type { KudosKind } from '@ovation/shared/vocabulary';
import type { OutgoingEmail } from '../mail/mail.repository.ts';
import type { SendMember } from './recipients.repository.ts';

export interface KudosMail {
  kind: KudosKind;
  senderName: string;
  senderId: number;
  recipient: SendMember;
  /** Behaviour name, 'a High Five' or 'a Pay It Forward'. */
  label: string;
  message: string;
  points: number;
  pointsName: string;
  /** Tell the recipient's manager too (recognitions), unless the manager sent it. */
  notifyManager: boolean;
}

const SUBJECTS: Record<KudosKind, (sender: string) => string> = {
  recognition: (s) => `${s} recognised you`,
  high5: (s) => `${s} sent you a High Five`,
  payitforward: (s) => `${s} paid it forward to you`,
  award: (s) => `${s} nominated you: you received an award`,
};

/** The recipient's (and for recognitions their manager's) e-mail about a kudos. */
export function kudosMails(mail: KudosMail): OutgoingEmail[] {
  const { recipient, senderName, points, pointsName } = mail;
  const withPoints = points > 0 ? ` and ${points} ${pointsName}` : '';
  const mails: OutgoingEmail[] = [];
  if (recipient.email) {
    mails.push({
      kind: `kudos-${mail.kind}`,
      to: recipient.email,
      subject: SUBJECTS[mail.kind](senderName),
      text:
        `Hi ${recipient.firstName},\n\n${senderName} ${mail.kind === 'recognition' ? `recognised you for ${mail.label}` : `sent you ${mail.label}`}${withPoints}:\n\n` +
        `"${mail.message}"\n\nSee it in the Kudos Thread.`,
    });
  }
  if (mail.notifyManager && recipient.managerEmail && recipient.managerId !== mail.senderId) {
    mails.push({
      kind: `kudos-${mail.kind}-manager`,
      to: recipient.managerEmail,
      subject: `${senderName} recognised ${recipient.fullName}`,
      text:
        `Hi ${recipient.managerFirstName ?? ''},\n\n${senderName} recognised ${recipient.fullName}, ` +
        `a member of your team, for ${mail.label}${withPoints}:\n\n"${mail.message}"`,
    });
  }
  return mails;
}
