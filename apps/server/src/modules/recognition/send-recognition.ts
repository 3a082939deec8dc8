import type { RecognitionSendRequest, SendResponse } from '@ovation/shared/schemas/recognition';
import { businessRule, fieldError, forbidden } from '../../lib/app-errors.ts';
import { readMemberBalances } from '../ledger/accounts.repository.ts';
import { InsufficientFundsError, transferMany, type TransferSpec } from '../ledger/transfer.ts';
import { withRetry } from '../ledger/with-retry.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { insertKudos } from './kudos.repository.ts';
import { findActiveBehaviour, findActiveMembers } from './recipients.repository.ts';
import type { SendDeps, Sender } from './send-deps.ts';
import { countPairSends } from './send-limits.ts';
import { queueKudosMail } from './send-mail.ts';
import { namesList } from './names-list.ts';

const SETTINGS = ['pointsName', 'playsPerRecognition', 'pairDailyLimit', 'sendRateLimitPerMinute'] as const;

/**
 * Recognises colleagues for a behaviour. Managers may add points from their team budget to
 * members of their own team; each recipient earns game plays. All in one transaction.
 */
export async function sendRecognition(
  deps: SendDeps,
  sender: Sender,
  input: RecognitionSendRequest,
): Promise<SendResponse> {
  const toIds = [...new Set(input.toMemberIds)];
  const points = input.points ?? 0;
  if (toIds.includes(sender.memberId)) throw fieldError('toMemberIds', 'You cannot recognise yourself');
  if (points > 0 && !sender.capabilities.manageTeam) throw forbidden('Only managers can add points to a recognition');

  const [recipients, behaviour, settings, senders] = await Promise.all([
    findActiveMembers(deps.db, toIds),
    findActiveBehaviour(deps.db, input.behaviourId),
    readSettings(deps.db, [...SETTINGS]),
    findActiveMembers(deps.db, [sender.memberId]),
  ]);
  if (recipients.length !== toIds.length)
    throw fieldError('toMemberIds', 'Choose colleagues who are still with the firm');
  if (points > 0 && recipients.some((r) => r.managerId !== sender.memberId)) {
    throw forbidden('You can only reward members of your team');
  }
  if (!behaviour) throw fieldError('behaviourId', 'Choose one of the behaviours');
  deps.limiter.hit(sender.memberId, settings.sendRateLimitPerMinute);
  const senderName = senders[0]?.fullName ?? '';
  const message = input.message.trim();
  const plays = settings.playsPerRecognition;

  const response = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      // Limits first: the ledger's row locks are the last ones a send takes (no lock cycles).
      await countPairSends(tx, sender.memberId, recipients, settings.pairDailyLimit);
      const specs: TransferSpec[] = [];
      if (points > 0) {
        specs.push({
          kind: 'recognition',
          memo: behaviour.name,
          actorMemberId: sender.memberId,
          legs: recipients.flatMap((r) => [
            {
              member: { memberId: sender.memberId, kind: 'team_budget' as const },
              amount: -points,
              counterpartyMemberId: r.id,
            },
            {
              member: { memberId: r.id, kind: 'points' as const },
              amount: points,
              counterpartyMemberId: sender.memberId,
            },
          ]),
        });
      }
      if (plays > 0) {
        specs.push({
          kind: 'plays_earned',
          memo: behaviour.name,
          actorMemberId: sender.memberId,
          legs: [
            { system: 'plays_issuance', amount: -plays * recipients.length },
            ...recipients.map((r) => ({
              member: { memberId: r.id, kind: 'plays' as const },
              amount: plays,
              counterpartyMemberId: sender.memberId,
            })),
          ],
        });
      }
      let pointsTxId: number | null = null;
      if (specs.length > 0) {
        const moved = await transferMany(tx, specs).catch((error: unknown) => {
          if (!(error instanceof InsufficientFundsError)) throw error;
          throw businessRule(
            `Your team budget has ${error.balance} ${settings.pointsName}: ${recipients.length} × ${points} = ` +
              `${points * recipients.length} ${settings.pointsName} is more than that.`,
          );
        });
        if (points > 0) pointsTxId = moved.transactionIds[0]!;
      }
      const ids = await insertKudos(
        tx,
        recipients.map((r) => ({
          kind: 'recognition',
          fromMemberId: sender.memberId,
          toMemberId: r.id,
          behaviourId: behaviour.id,
          message,
          points,
          ledgerTransactionId: pointsTxId,
        })),
      );
      for (const recipient of recipients) {
        await queueKudosMail(tx, deps.log, {
          kind: 'recognition',
          senderName,
          senderId: sender.memberId,
          recipient,
          label: behaviour.name,
          message,
          points,
          pointsName: settings.pointsName,
          notifyManager: true,
        });
      }
      const response: SendResponse = {
        messageLogIds: ids,
        message: `Thank you! Your recognition of ${namesList(recipients.map((r) => r.fullName))} has been sent.`,
        balances: await readMemberBalances(tx, sender.memberId),
      };
      await deps.record?.(tx, response);
      return response;
    }),
  );
  deps.onKudosCreated(response.messageLogIds);
  return response;
}
