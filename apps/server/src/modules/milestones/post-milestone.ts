import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { notificationEvent } from '../../core/bell/notify.ts';
import type { LiveEvent } from '../../core/live/live-bus.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { conflict } from '../../lib/app-errors.ts';
import { lockMilestone, milestoneLabel, recordPosted } from './milestones.repository.ts';

/** The job keeps no answer: the milestone's row records what was posted. */
const RECORDED_ON_THE_MILESTONE: IdempotentAnswer<{ kudosId: number }> = { store: () => null };

/** Raised (and the transaction rolled back) when another run posted the milestone first. */
export const ALREADY_POSTED = 'This milestone was already posted.';

/**
 * Posts one service milestone through the send runner (decision 0108): the row locked first, so a
 * second run — another instance, a restart mid-way — waits, then finds it posted and writes
 * nothing; the points (form `points`) from the issuance account to the member; the Kudos Thread
 * item, the row marked posted and the member's bell in the same transaction.
 */
export async function postMilestone(deps: SendDeps, milestoneId: number): Promise<{ kudosId: number }> {
  return runSend(deps, RECORDED_ON_THE_MILESTONE, {
    actorMemberId: 0,
    checks: { milestone: (tx) => lockMilestone(tx, milestoneId) },
    decide: ({ milestone }) => {
      if (!milestone || milestone.posted) throw conflict(ALREADY_POSTED);
      const pays = milestone.form === 'points' && milestone.points > 0;
      return {
        milestone,
        postings: pays
          ? [
              {
                kind: 'service_award' as const,
                memo: milestoneLabel(milestone.years),
                actorMemberId: milestone.managerId,
                legs: [
                  { system: 'issuance' as const, amount: -milestone.points },
                  {
                    member: { memberId: milestone.memberId, kind: 'points' as const },
                    amount: milestone.points,
                    counterpartyMemberId: milestone.managerId,
                  },
                ],
              },
            ]
          : [],
      };
    },
    write:
      ({ milestone }) =>
      async (tx, posted) => ({
        kudosId: await recordPosted(tx, milestone, posted.transactionIds[0] ?? null),
        memberId: milestone.memberId,
      }),
    audit: (decided) => [
      {
        action: 'milestones.post',
        target: { kind: 'milestone', id: milestoneId },
        ...(decided.postings.length > 0 ? { ledgerTransactionId: 'posted' as const } : {}),
      },
    ],
    answer: (_decided, { written }) => ({ kudosId: written('kudosId') }),
    events: ({ written }): LiveEvent[] => [
      notificationEvent(written.memberId, true),
      { type: 'kudos', data: { messageLogId: written.kudosId } },
    ],
  });
}
