import type { SendResponse } from '@ovation/shared/schemas/recognition';
import type { KudosKind } from '@ovation/shared/vocabulary';
import type { AppError } from '../../lib/app-errors.ts';
import type { InsufficientFundsError } from '../ledger/transfer.ts';
import { notificationEvent, notificationKindOf } from '../bell/notify.ts';
import { kudosMails } from './kudos-mail.ts';
import { kudosStatement } from './kudos.repository.ts';
import { jsonbObject } from '../../db/statement.ts';
import type { SendMember } from './recipients.repository.ts';
import type { SendCheck, SendPlan } from './run-send.ts';
import { countPairSends } from './send-limits.ts';

/** The programme settings every kudos send reads. */
export const KUDOS_SEND_SETTINGS = ['pointsName', 'pairDailyLimit', 'sendRateLimitPerMinute'] as const;

/** A send that writes Kudos Thread items: a recognition, a High Five or a Pay It Forward. */
export interface KudosSend {
  kind: KudosKind;
  sender: { id: number; fullName: string };
  recipients: SendMember[];
  message: string;
  /** Points each recipient receives with the item (0 for none). */
  points: number;
  behaviourId?: number;
  /** How the e-mails name what was sent: the behaviour, 'a High Five', 'a Pay It Forward'. */
  mailLabel: string;
  /** Recognitions tell the recipient's manager too. */
  notifyManager: boolean;
  settings: { pointsName: string; pairDailyLimit: number; sendRateLimitPerMinute: number };
  /** Checks after the per-pair daily limit (which every kudos send counts first). */
  checks?: SendCheck[];
  /**
   * The ledger transactions; the first one is the one that moved `points`. A function when
   * they depend on rows counted in the transaction (the plays a recipient may still earn today).
   */
  postings?: SendPlan<number[], SendResponse>['postings'];
  refuseInsufficient?: (error: InsufficientFundsError) => AppError;
  /** The confirmation shown to the sender (a function: read after the postings). */
  thanks: string | (() => string);
}

/** Whether the member turned this kind of kudos e-mail off (read with the members). */
function emailOff(member: SendMember, kind: KudosKind): boolean {
  const notification = notificationKindOf(kind);
  if (notification === 'recognised') return !member.emailRecognised;
  return notification === 'high5' ? !member.emailHigh5 : !member.emailPoints;
}

/** The send runner's plan for a kudos send: one item per recipient, their e-mails, live events. */
export function kudosPlan(send: KudosSend): SendPlan<number[], SendResponse> {
  const { sender, recipients, settings } = send;
  const reply = <I, B>(messageLogIds: I, balances: B) => ({
    messageLogIds,
    message: typeof send.thanks === 'string' ? send.thanks : send.thanks(),
    balances,
  });
  return {
    actorMemberId: sender.id,
    ratePerMinute: settings.sendRateLimitPerMinute,
    checks: [countPairSends(sender.id, recipients, settings.pairDailyLimit), ...(send.checks ?? [])],
    postings: send.postings ?? [],
    refuseInsufficient: send.refuseInsufficient,
    // The items and the recipients' bells in one statement (ids follow the rows' order); an item
    // with points names the send's posting, the ledger call just after it. They and the e-mails
    // go ahead of the posting, which then holds its accounts' locks the shorter (decision 0092).
    writeFirst: true,
    write: kudosStatement(
      recipients.map((r) => ({
        kind: send.kind,
        fromMemberId: sender.id,
        toMemberId: r.id,
        behaviourId: send.behaviourId,
        message: send.message,
        points: send.points,
        posted: send.points > 0,
      })),
      { kind: notificationKindOf(send.kind), actorMemberId: sender.id, points: send.points },
    ),
    mails: recipients.flatMap((recipient) =>
      kudosMails({
        kind: send.kind,
        senderName: sender.fullName,
        senderId: sender.id,
        // An opted-out recipient gets no e-mail; their manager's (recognitions) still goes.
        recipient: emailOff(recipient, send.kind) ? { ...recipient, email: null } : recipient,
        label: send.mailLabel,
        message: send.message,
        points: send.points,
        pointsName: settings.pointsName,
        notifyManager: send.notifyManager,
      }),
    ),
    answer: (ids, balances) => reply(ids, balances),
    // The same fields, built by the database with COMMIT (decision 0052).
    answerJson: (ids, balances) => jsonbObject(reply(ids, balances)),
    events: (ids) => [
      ...ids.map((messageLogId) => ({ type: 'kudos' as const, data: { messageLogId } })),
      ...recipients.map((r) => notificationEvent(r.id)),
    ],
  };
}
