import type { DecideNominationResponse } from '@ovation/shared/schemas/awards';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { conflict, forbidden, notFound } from '../../lib/app-errors.ts';
import { awardLabel, nominationBrief } from './nomination-brief.ts';
import { applyChange, lockNomination } from './nominations.repository.ts';

/**
 * The nominator takes back a nomination still waiting: its hold goes back to the budget
 * (`award_release`) and the step is recorded. The row is locked first, so a withdrawal racing an
 * approval either comes first (the approval then finds it withdrawn) or finds it decided (409).
 */
export async function withdrawNomination(
  deps: SendDeps,
  answer: IdempotentAnswer<DecideNominationResponse>,
  actorId: number,
  nominationId: number,
): Promise<DecideNominationResponse> {
  const brief = await nominationBrief(deps.db, nominationId);
  if (!brief) throw notFound('No such nomination.');
  if (brief.nominatorId !== actorId) throw forbidden('Only who nominated can withdraw a nomination.');
  const { programme } = brief;
  const nomineeName = brief.people.get(brief.nomineeId)?.fullName ?? '';

  return runSend(deps, answer, {
    actorMemberId: actorId,
    checks: { nomination: (tx) => lockNomination(tx, nominationId) },
    decide: ({ nomination }) => {
      if (!nomination) throw notFound('No such nomination.');
      if (nomination.status !== 'pending') throw conflict(`This nomination was already ${nomination.status}.`);
      const { budgetAccountId, heldAccountId } = programme.accounts;
      return {
        nomination,
        postings: [
          {
            kind: 'award_release' as const,
            memo: `${awardLabel(programme, nomination.levelKey)}: ${nomineeName} (withdrawn)`,
            actorMemberId: actorId,
            legs: [
              { accountId: heldAccountId, amount: -nomination.points, counterpartyMemberId: brief.nomineeId },
              { accountId: budgetAccountId, amount: nomination.points },
            ],
          },
        ],
      };
    },
    write:
      ({ nomination }) =>
      (tx, posted) =>
        applyChange(
          tx,
          {
            id: nominationId,
            actorMemberId: actorId,
            action: 'withdrawn',
            step: nomination.step,
            status: 'withdrawn',
            nextStep: nomination.step,
            fromLevel: nomination.levelKey,
            toLevel: nomination.levelKey,
            points: nomination.points,
            reason: '',
            settledIndex: 0,
          },
          posted.transactionIds,
        ),
    audit: (decided) => [
      {
        action: 'awards.nomination_withdraw',
        target: { kind: 'nomination', id: nominationId },
        ...(decided.postings.length > 0 ? { ledgerTransactionId: 'posted' as const } : {}),
      },
    ],
    answer: ({ nomination }) => ({
      nominationId,
      status: 'withdrawn' as const,
      level: programme.levels.find((l) => l.key === nomination.levelKey) ?? {
        key: nomination.levelKey,
        name: nomination.levelKey,
        points: nomination.points,
      },
      message: `You withdrew your nomination of ${nomineeName}.`,
    }),
  });
}
