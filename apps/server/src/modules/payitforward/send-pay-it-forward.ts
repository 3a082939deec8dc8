import { getCapabilities } from '@ovation/shared/capabilities';
import type { PayItForwardSendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { businessRule, fieldError } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { KUDOS_SEND_SETTINGS, kudosPlan } from '../../core/sends/kudos-send.ts';
import { sendPartiesStatement } from '../../core/sends/recipients.repository.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { addDailyTotal } from '../../core/sends/send-limits.ts';
import type { Sender } from '../../core/sends/sender.ts';

/** Shares part of the sender's own points with a colleague (South Africa only). */
export async function sendPayItForward(
  deps: SendDeps,
  answer: IdempotentAnswer<SendResponse>,
  sender: Sender,
  input: PayItForwardSendRequest,
): Promise<SendResponse> {
  if (input.toMemberId === sender.memberId) throw fieldError('toMemberId', 'You cannot pay it forward to yourself');
  const [[{ sender: from, recipient }], settings] = await Promise.all([
    deps.transactions.read([sendPartiesStatement(sender.memberId, input.toMemberId)]),
    deps.settings.read([...KUDOS_SEND_SETTINGS, 'payItForwardDailyCap']),
  ]);
  if (!recipient) throw fieldError('toMemberId', 'Choose a colleague who is still with the firm');
  if (!getCapabilities(recipient).payItForward) {
    throw fieldError('toMemberId', 'Pay It Forward is only available between colleagues in South Africa');
  }
  const { points } = input;
  const { pointsName } = settings;

  return runSend(
    deps,
    answer,
    kudosPlan({
      kind: 'payitforward',
      sender: from,
      recipients: [recipient],
      message: input.message.trim(),
      points,
      mailLabel: 'a Pay It Forward',
      notifyManager: false,
      settings,
      checks: {
        dailyTotal: addDailyTotal(sender.memberId, 'payitforward', points, settings.payItForwardDailyCap, pointsName),
      },
      decide: {
        postings: [
          {
            kind: 'payitforward',
            actorMemberId: sender.memberId,
            legs: [
              {
                member: { memberId: sender.memberId, kind: 'points' },
                amount: -points,
                counterpartyMemberId: recipient.id,
              },
              {
                member: { memberId: recipient.id, kind: 'points' },
                amount: points,
                counterpartyMemberId: sender.memberId,
              },
            ],
          },
        ],
        thanks: `You paid forward ${points} ${pointsName} to ${recipient.fullName}. Thank you!`,
      },
      refuseInsufficient: () => businessRule(`You do not have enough ${pointsName}`),
    }),
  );
}
