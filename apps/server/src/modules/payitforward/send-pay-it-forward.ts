import { getCapabilities } from '@ovation/shared/capabilities';
import type { PayItForwardSendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { businessRule, fieldError } from '../../lib/app-errors.ts';
import { readMemberBalances } from '../ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer } from '../ledger/transfer.ts';
import { withRetry } from '../ledger/with-retry.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { insertKudos } from '../recognition/kudos.repository.ts';
import { findActiveMembers } from '../recognition/recipients.repository.ts';
import type { SendDeps, Sender } from '../recognition/send-deps.ts';
import { addDailyTotal, countPairSends } from '../recognition/send-limits.ts';
import { queueKudosMail } from '../recognition/send-mail.ts';

const SETTINGS = ['pointsName', 'pairDailyLimit', 'sendRateLimitPerMinute', 'payItForwardDailyCap'] as const;

/** Test hook: runs in the send's transaction right after the points moved (see ledger tests). */
export const payItForwardTestHooks: { afterTransfer?: () => Promise<void> } = {};

/** Shares part of the sender's own points with a colleague (South Africa only). */
export async function sendPayItForward(
  deps: SendDeps,
  sender: Sender,
  input: PayItForwardSendRequest,
): Promise<SendResponse> {
  if (input.toMemberId === sender.memberId) throw fieldError('toMemberId', 'You cannot pay it forward to yourself');
  const [found, settings] = await Promise.all([
    findActiveMembers(deps.db, [input.toMemberId, sender.memberId]),
    readSettings(deps.db, [...SETTINGS]),
  ]);
  const recipient = found.find((m) => m.id === input.toMemberId);
  if (!recipient) throw fieldError('toMemberId', 'Choose a colleague who is still with the firm');
  if (!getCapabilities(recipient).payItForward) {
    throw fieldError('toMemberId', 'Pay It Forward is only available between colleagues in South Africa');
  }
  deps.limiter.hit(sender.memberId, settings.sendRateLimitPerMinute);
  const senderName = found.find((m) => m.id === sender.memberId)?.fullName ?? '';
  const { points } = input;
  const message = input.message.trim();
  const { pointsName } = settings;

  const response = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      // Limits first: the ledger's row locks are the last ones a send takes (no lock cycles).
      await countPairSends(tx, sender.memberId, [recipient], settings.pairDailyLimit);
      await addDailyTotal(tx, sender.memberId, 'payitforward', points, settings.payItForwardDailyCap, pointsName);
      const moved = await transfer(tx, {
        kind: 'payitforward',
        actorMemberId: sender.memberId,
        legs: [
          {
            member: { memberId: sender.memberId, kind: 'points' },
            amount: -points,
            counterpartyMemberId: recipient.id,
          },
          { member: { memberId: recipient.id, kind: 'points' }, amount: points, counterpartyMemberId: sender.memberId },
        ],
      }).catch((error: unknown) => {
        if (error instanceof InsufficientFundsError) throw businessRule(`You do not have enough ${pointsName}`);
        throw error;
      });
      await payItForwardTestHooks.afterTransfer?.();
      const ids = await insertKudos(tx, [
        {
          kind: 'payitforward',
          fromMemberId: sender.memberId,
          toMemberId: recipient.id,
          message,
          points,
          ledgerTransactionId: moved.transactionId,
        },
      ]);
      await queueKudosMail(tx, deps.log, {
        kind: 'payitforward',
        senderName,
        senderId: sender.memberId,
        recipient,
        label: 'a Pay It Forward',
        message,
        points,
        pointsName,
        notifyManager: false,
      });
      const response: SendResponse = {
        messageLogIds: ids,
        message: `You paid forward ${points} ${pointsName} to ${recipient.fullName}. Thank you!`,
        balances: await readMemberBalances(tx, sender.memberId),
      };
      await deps.record?.(tx, response);
      return response;
    }),
  );
  deps.onKudosCreated(response.messageLogIds);
  return response;
}
