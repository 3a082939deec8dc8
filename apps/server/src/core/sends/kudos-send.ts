import type { KudosKind } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import type { AppError } from '../../lib/app-errors.ts';
import { notificationEvent, notificationKindOf } from '../bell/notify.ts';
import type { InsufficientFundsError, TransferSpec } from '../ledger/transfer.ts';
import { kudosMails } from './kudos-mail.ts';
import { kudosStatement } from './kudos.repository.ts';
import type { SendMember } from './recipients.repository.ts';
import type { Checked, Checks, Decision, SendPlan } from './send-plan.ts';
import { countPairSends } from './send-limits.ts';
import type { Part } from './answer-template.ts';
import { EMAIL_PREFERENCE_FIELD } from '../members/preferences.repository.ts';
import type { MemberBalances } from '../ledger/accounts.repository.ts';

/** The programme settings every kudos send reads. */
export const KUDOS_SEND_SETTINGS = ['pointsName', 'pairDailyLimit', 'sendRateLimitPerMinute'] as const;

/** What a kudos send decides: its postings (the first one moves `points`) and the sender's thanks. */
export interface KudosDecision {
  postings: TransferSpec[];
  thanks: string;
}

/** A send that writes Kudos Thread items: a recognition, a High Five or a Pay It Forward. */
export interface KudosSend<C extends Checks> {
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
  checks?: C;
  /** The postings and thanks, as they stand or made from the checks' answers. */
  decide: KudosDecision | ((checked: Checked<C>) => KudosDecision);
  refuseInsufficient?: (error: InsufficientFundsError) => AppError;
}

/** What the send answers, as the runner fills it: the items' ids, the thanks, the sender's balances. */
interface KudosAnswer {
  messageLogIds: Part<number[]>;
  message: string;
  balances: Part<MemberBalances>;
}

/** Whether the member turned this kind of kudos e-mail off (read with the members). */
function emailOff(member: SendMember, kind: KudosKind): boolean {
  return !member[EMAIL_PREFERENCE_FIELD[notificationKindOf(kind)]];
}

/**
 * The send runner's plan for a kudos send: the pair limit, the flow's own checks and decision,
 * one item per recipient with their bells, their e-mails, and live events after the commit.
 */
export function kudosPlan<C extends Checks>(
  send: KudosSend<C>,
): SendPlan<Checks, KudosDecision & Decision, number[], KudosAnswer> {
  const { sender, recipients, settings } = send;
  const mails = recipients.flatMap((recipient) =>
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
  );
  const { decide } = send;
  return {
    actorMemberId: sender.id,
    ratePerMinute: settings.sendRateLimitPerMinute,
    checks: { pairs: countPairSends(sender.id, recipients, settings.pairDailyLimit), ...send.checks },
    decide:
      typeof decide === 'function'
        ? (checked: Checked<Checks>, _tx: Db) => ({ ...decide(checked as Checked<C>), mails })
        : { ...decide, mails },
    refuseInsufficient: send.refuseInsufficient,
    // The items and the recipients' bells in one statement (ids follow the rows' order); an item
    // with points names the send's posting, the ledger call just after it (decision 0092).
    write: () =>
      kudosStatement(
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
    answer: (decided, { written, balances }) => ({
      messageLogIds: written(),
      message: decided.thanks,
      balances: balances(),
    }),
    // One row a send (the message stays in the thread, not in the trail: it is personal data).
    audit: (decided) => [
      {
        action: `kudos.${send.kind}`,
        target: { kind: 'member', id: recipients[0]!.id },
        after: { recipients: recipients.map((r) => r.id), points: send.points, behaviourId: send.behaviourId ?? null },
        ...(decided.postings.length > 0 ? { ledgerTransactionId: 'posted' as const } : {}),
      },
    ],
    events: ({ written }) => [
      ...written.map((messageLogId) => ({ type: 'kudos' as const, data: { messageLogId } })),
      ...recipients.map((r) => notificationEvent(r.id)),
    ],
  };
}
