import type { High5SendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { fieldError } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { KUDOS_SEND_SETTINGS, kudosPlan } from '../../core/sends/kudos-send.ts';
import { sendPartiesStatement } from '../../core/sends/recipients.repository.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import type { Sender } from '../../core/sends/sender.ts';

/** A High Five: a free-text note of appreciation, no points; shown as 'High Five' in the thread. */
export async function sendHigh5(
  deps: SendDeps,
  answer: IdempotentAnswer<SendResponse>,
  sender: Sender,
  input: High5SendRequest,
): Promise<SendResponse> {
  if (input.toMemberId === sender.memberId) throw fieldError('toMemberId', 'You cannot send yourself a High Five');
  const [[{ sender: from, recipient }], settings] = await Promise.all([
    deps.transactions.read([sendPartiesStatement(sender.memberId, input.toMemberId)]),
    deps.settings.read([...KUDOS_SEND_SETTINGS]),
  ]);
  if (!recipient) throw fieldError('toMemberId', 'Choose a colleague who is still with the firm');

  return runSend(
    deps,
    answer,
    kudosPlan({
      kind: 'high5',
      sender: from,
      recipients: [recipient],
      message: input.message.trim(),
      points: 0,
      mailLabel: 'a High Five',
      notifyManager: false,
      settings,
      decide: { postings: [], thanks: `Your High Five to ${recipient.fullName} has been sent.` },
    }),
  );
}
