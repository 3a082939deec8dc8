import { sql } from 'drizzle-orm';
import type { OutgoingEmail } from '../../core/mail/mail.repository.ts';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

/** Someone an award e-mail goes to; `wantsRecognitionMail` is their "when I am recognised" choice. */
export interface MailPerson {
  id: number;
  firstName: string;
  fullName: string;
  email: string | null;
  managerId: number | null;
  wantsRecognitionMail: boolean;
}

/** Active members by id, with their e-mail and their choice of recognition e-mails. */
export async function mailPeople(db: Db, ids: number[]): Promise<Map<number, MailPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.id, m.first_name, m.surname, m.email, m.manager_id, coalesce(p.email_recognised, true) as wants
        from members m left join member_preferences p on p.member_id = m.id
        where m.active and m.id in (select (jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb))::int)`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        firstName: String(r.first_name),
        fullName: `${String(r.first_name)} ${String(r.surname)}`,
        email: r.email == null || r.email === '' ? null : String(r.email),
        managerId: r.manager_id == null ? null : Number(r.manager_id),
        wantsRecognitionMail: r.wants !== false,
      },
    ]),
  );
}

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * Approvers are told of a nomination that waits for them (work mail: sent whatever their
 * recognition e-mail choice, like a manager's team mail).
 */
export async function approverMails(
  db: Db,
  approverIds: number[],
  award: { programme: string; level: string; nomineeNames: string[] },
): Promise<OutgoingEmail[]> {
  const people = await mailPeople(db, approverIds);
  return [...people.values()].flatMap((p) =>
    p.email
      ? [
          {
            kind: 'award-to-approve',
            to: p.email,
            subject: `An award nomination waits for your approval: ${award.programme}`,
            text:
              `Hi ${p.firstName},\n\n${list(award.nomineeNames)} ${award.nomineeNames.length > 1 ? 'were' : 'was'} ` +
              `nominated for ${award.programme} (${award.level}). It waits for your approval.\n\n` +
              `Open Awards, then Approvals, to approve, change the level or decline.`,
          },
        ]
      : [],
  );
}

/** What a decision tells the people around a nomination. */
export interface DecisionNews {
  outcome: 'approved' | 'declined' | 'forwarded';
  programme: string;
  level: string;
  points: number;
  pointsName: string;
  reason: string;
  nominator: MailPerson | undefined;
  nominee: MailPerson | undefined;
  nomineeManager: MailPerson | undefined;
  nextApprovers: MailPerson[];
}

/** The e-mails of a decision: nominee, nominator and manager when paid; the nominator when declined. */
export function decisionMails(news: DecisionNews): OutgoingEmail[] {
  const { nominator, nominee, nomineeManager, programme, level } = news;
  const award = `${programme} (${level})`;
  const mails: OutgoingEmail[] = [];
  const nomineeName = nominee?.fullName ?? 'your colleague';
  if (news.outcome === 'approved') {
    if (nominee?.email && nominee.wantsRecognitionMail) {
      mails.push({
        kind: 'award-received',
        to: nominee.email,
        subject: `You received an award: ${award}`,
        text:
          `Hi ${nominee.firstName},\n\n${nominator?.fullName ?? 'A colleague'} nominated you for ${award}, and it was ` +
          `approved: ${news.points} ${news.pointsName} are yours.\n\nSee it in the Kudos Thread.`,
      });
    }
    if (nominator?.email && nominator.wantsRecognitionMail) {
      mails.push({
        kind: 'award-approved',
        to: nominator.email,
        subject: `Your nomination of ${nomineeName} was approved`,
        text: `Hi ${nominator.firstName},\n\nYour nomination of ${nomineeName} for ${award} was approved. Thank you for nominating.`,
      });
    }
    if (nomineeManager?.email && nomineeManager.id !== nominator?.id) {
      mails.push({
        kind: 'award-received-manager',
        to: nomineeManager.email,
        subject: `${nomineeName} received an award`,
        text: `Hi ${nomineeManager.firstName},\n\n${nomineeName}, a member of your team, received ${award}.`,
      });
    }
  } else if (news.outcome === 'declined' && nominator?.email && nominator.wantsRecognitionMail) {
    mails.push({
      kind: 'award-declined',
      to: nominator.email,
      subject: `Your nomination of ${nomineeName} was not approved`,
      text:
        `Hi ${nominator.firstName},\n\nYour nomination of ${nomineeName} for ${award} was declined:\n\n` +
        `"${news.reason}"\n\nThe points it held went back to the programme.`,
    });
  } else if (news.outcome === 'forwarded') {
    for (const p of news.nextApprovers) {
      if (!p.email) continue;
      mails.push({
        kind: 'award-to-approve',
        to: p.email,
        subject: `An award nomination waits for your approval: ${programme}`,
        text:
          `Hi ${p.firstName},\n\n${nomineeName} was nominated for ${award}, and the step before yours approved it. ` +
          `It waits for your approval.\n\nOpen Awards, then Approvals, to approve, change the level or decline.`,
      });
    }
  }
  return mails;
}
