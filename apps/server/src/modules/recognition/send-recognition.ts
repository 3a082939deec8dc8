import type { RecognitionSendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { businessRule, fieldError, forbidden } from '../../lib/app-errors.ts';
import type { TransferSpec } from '../../core/ledger/transfer.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { KUDOS_SEND_SETTINGS, kudosPlan } from '../../core/sends/kudos-send.ts';
import { grantDailyPlays } from '../../core/sends/send-limits.ts';
import { namesList } from '../../core/sends/names-list.ts';
import { activeMembersStatement, type SendMember } from '../../core/sends/recipients.repository.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import type { Sender } from '../../core/sends/sender.ts';
import { activeBehaviourStatement } from './behaviour.repository.ts';
import { formatPoints } from '@ovation/shared/format/money';

/** Team budget points to each recipient, and the game plays each recipient earns (`plays` by id). */
function recognitionPostings(
  senderId: number,
  recipients: SendMember[],
  points: number,
  plays: Map<number, number>,
  memo: string,
): TransferSpec[] {
  const specs: TransferSpec[] = [];
  if (points > 0) {
    specs.push({
      kind: 'recognition',
      memo,
      actorMemberId: senderId,
      legs: recipients.flatMap((r) => [
        { member: { memberId: senderId, kind: 'team_budget' as const }, amount: -points, counterpartyMemberId: r.id },
        { member: { memberId: r.id, kind: 'points' as const }, amount: points, counterpartyMemberId: senderId },
      ]),
    });
  }
  const earning = recipients.flatMap((r) => {
    const earned = plays.get(r.id) ?? 0;
    return earned > 0 ? [{ memberId: r.id, earned }] : [];
  });
  if (earning.length > 0) {
    specs.push({
      kind: 'plays_earned',
      memo,
      actorMemberId: senderId,
      legs: [
        { system: 'plays_issuance', amount: -earning.reduce((sum, e) => sum + e.earned, 0) },
        ...earning.map((e) => ({
          member: { memberId: e.memberId, kind: 'plays' as const },
          amount: e.earned,
          counterpartyMemberId: senderId,
        })),
      ],
    });
  }
  return specs;
}

/**
 * Recognises colleagues for a behaviour. Managers may add points from their team budget to
 * members of their own team; each recipient earns game plays.
 */
export async function sendRecognition(
  deps: SendDeps,
  answer: IdempotentAnswer<SendResponse>,
  sender: Sender,
  input: RecognitionSendRequest,
): Promise<SendResponse> {
  const toIds = [...new Set(input.toMemberIds)];
  const points = input.points ?? 0;
  if (toIds.includes(sender.memberId)) throw fieldError('toMemberIds', 'You cannot recognise yourself');
  if (points > 0 && !sender.capabilities.manageTeam) throw forbidden('Only managers can add points to a recognition');

  // The sender is read with the recipients (last; never among them), one statement for both.
  const [[members, behaviour], settings] = await Promise.all([
    deps.transactions.read([
      activeMembersStatement([...toIds, sender.memberId]),
      activeBehaviourStatement(input.behaviourId),
    ]),
    deps.settings.read([...KUDOS_SEND_SETTINGS, 'playsPerRecognition', 'playsDailyCap']),
  ]);
  const recipients = members.filter((m) => m.id !== sender.memberId);
  const senderName = members.find((m) => m.id === sender.memberId)?.fullName ?? '';
  if (recipients.length !== toIds.length)
    throw fieldError('toMemberIds', 'Choose colleagues who are still with the firm');
  if (points > 0 && recipients.some((r) => r.managerId !== sender.memberId)) {
    throw forbidden('You can only reward members of your team');
  }
  if (!behaviour) throw fieldError('behaviourId', 'Choose one of the behaviours');
  const { pointsName } = settings;
  const thanks = `Thank you! Your recognition of ${namesList(recipients.map((r) => r.fullName))} has been sent.`;
  const { playsPerRecognition, playsDailyCap } = settings;
  // Who reached today's cap of plays earned: the thanks says so.
  const reachedCap = (plays: Map<number, number>) =>
    recipients.filter((r) => (plays.get(r.id) ?? 0) < playsPerRecognition).map((r) => r.fullName);

  return runSend(
    deps,
    answer,
    kudosPlan({
      kind: 'recognition',
      sender: { id: sender.memberId, fullName: senderName },
      recipients,
      message: input.message.trim(),
      points,
      behaviourId: behaviour.id,
      mailLabel: behaviour.name,
      notifyManager: true,
      settings,
      // The game plays each recipient earns today (decision 0043), counted with the other checks.
      checks: {
        plays:
          playsPerRecognition > 0
            ? grantDailyPlays(
                recipients.map((r) => r.id),
                playsPerRecognition,
                playsDailyCap,
              )
            : undefined,
      },
      decide: ({ plays = new Map<number, number>() }) => {
        const capped = playsPerRecognition > 0 ? reachedCap(plays) : [];
        return {
          postings: recognitionPostings(sender.memberId, recipients, points, plays, behaviour.name),
          thanks:
            capped.length === 0
              ? thanks
              : `${thanks} ${namesList(capped)} ${capped.length === 1 ? 'has' : 'have'} ` +
                `reached the most game plays a member can earn in a day (${playsDailyCap}).`,
        };
      },
      refuseInsufficient: (error) =>
        businessRule(
          `Your team budget has ${formatPoints(error.balance)} ${pointsName}: ${recipients.length} × ` +
            `${formatPoints(points)} = ${formatPoints(points * recipients.length)} ${pointsName} is more than that.`,
        ),
    }),
  );
}
