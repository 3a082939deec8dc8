import type { High5SendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { fieldError } from '../../lib/app-errors.ts';
import { readMemberBalances } from '../ledger/accounts.repository.ts';
import { withRetry } from '../ledger/with-retry.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { insertKudos } from '../recognition/kudos.repository.ts';
import { findActiveMembers } from '../recognition/recipients.repository.ts';
import type { SendDeps, Sender } from '../recognition/send-deps.ts';
import { countPairSends } from '../recognition/send-limits.ts';
import { queueKudosMail } from '../recognition/send-mail.ts';

/** A High Five: a free-text note of appreciation, no points; shown as 'High Five' in the thread. */
export async function sendHigh5(deps: SendDeps, sender: Sender, input: High5SendRequest): Promise<SendResponse> {
  if (input.toMemberId === sender.memberId) throw fieldError('toMemberId', 'You cannot send yourself a High Five');
  const [found, settings] = await Promise.all([
    findActiveMembers(deps.db, [input.toMemberId, sender.memberId]),
    readSettings(deps.db, ['pointsName', 'pairDailyLimit', 'sendRateLimitPerMinute']),
  ]);
  const recipient = found.find((m) => m.id === input.toMemberId);
  if (!recipient) throw fieldError('toMemberId', 'Choose a colleague who is still with the firm');
  deps.limiter.hit(sender.memberId, settings.sendRateLimitPerMinute);
  const senderName = found.find((m) => m.id === sender.memberId)?.fullName ?? '';
  const message = input.message.trim();

  const response = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      await countPairSends(tx, sender.memberId, [recipient], settings.pairDailyLimit);
      const ids = await insertKudos(tx, [
        { kind: 'high5', fromMemberId: sender.memberId, toMemberId: recipient.id, message, points: 0 },
      ]);
      await queueKudosMail(tx, deps.log, {
        kind: 'high5',
        senderName,
        senderId: sender.memberId,
        recipient,
        label: 'a High Five',
        message,
        points: 0,
        pointsName: settings.pointsName,
        notifyManager: false,
      });
      const response: SendResponse = {
        messageLogIds: ids,
        message: `Your High Five to ${recipient.fullName} has been sent.`,
        balances: await readMemberBalances(tx, sender.memberId),
      };
      await deps.record?.(tx, response);
      return response;
    }),
  );
  deps.onKudosCreated(response.messageLogIds);
  return response;
}
