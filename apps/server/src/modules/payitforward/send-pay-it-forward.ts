import { getCapabilities } from '@ovation/shared/capabilities';
import type { PayItForwardSendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { businessRule, fieldError } from '../../lib/app-errors.ts';
import { accountKey, memberAccountIds, readMemberBalances } from '../ledger/accounts.repository.ts';
import { InsufficientFundsError, transfer } from '../ledger/transfer.ts';
import { withRetry } from '../ledger/with-retry.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { insertKudos } from '../recognition/kudos.repository.ts';
import { findActiveMembers } from '../recognition/recipients.repository.ts';
import type { SendDeps, Sender } from '../recognition/send-deps.ts';
import { addDailyTotal, countPairSends } from '../recognition/send-limits.ts';
import { queueKudosMail } from '../recognition/send-mail.ts';

const SETTINGS = ['pointsName', 'pairDailyLimit', 'sendRateLimitPerMinute', 'payItForwardDailyCap'] as const;

/** Test hook: runs inside the transfer after the entries are written (see ledger tests). */
export const payItForwardTestHooks: { afterEntries?: () => Promise<void> } = {};

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
      const accounts = await memberAccountIds(tx, [
        { memberId: sender.memberId, kind: 'points' },
        { memberId: recipient.id, kind: 'points' },
      ]);
      const moved = await transfer(
        tx,
        {
          kind: 'payitforward',
          actorMemberId: sender.memberId,
          legs: [
            {
              accountId: accounts.get(accountKey(sender.memberId, 'points'))!,
              amount: -points,
              counterpartyMemberId: recipient.id,
            },
            {
              accountId: accounts.get(accountKey(recipient.id, 'points'))!,
              amount: points,
              counterpartyMemberId: sender.memberId,
            },
          ],
        },
        {
          beforeWrite: async () => {
            await countPairSends(tx, sender.memberId, [recipient], settings.pairDailyLimit);
            await addDailyTotal(tx, sender.memberId, 'payitforward', points, settings.payItForwardDailyCap, pointsName);
          },
          afterEntries: payItForwardTestHooks.afterEntries,
        },
      ).catch((error: unknown) => {
        if (error instanceof InsufficientFundsError) throw businessRule(`You do not have enough ${pointsName}`);
        throw error;
      });
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
