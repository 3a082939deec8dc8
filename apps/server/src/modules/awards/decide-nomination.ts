import type { DecideNominationResponse, decideNominationRequestSchema } from '@ovation/shared/schemas/awards';
import type { z } from 'zod';
import { insertNotifications, type NewNotification } from '../../core/bell/bell.repository.ts';
import { notificationEvent } from '../../core/bell/notify.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import type { TransferSpec } from '../../core/ledger/transfer.ts';
import type { LiveEvent } from '../../core/live/live-bus.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { runStatement } from '../../db/statement.ts';
import { businessRule, conflict, fieldError, forbidden, notFound } from '../../lib/app-errors.ts';
import { decisionMails } from './award-mails.ts';
import { awardLabel, nominationBrief, type NominationBrief } from './nomination-brief.ts';
import {
  applyChange,
  insertAwardKudos,
  lockNomination,
  type LockedNomination,
  type NominationChange,
} from './nominations.repository.ts';
import { budgetGuardStatement } from './programmes.repository.ts';

type Input = z.output<typeof decideNominationRequestSchema>;

/** The postings that move a nomination's hold from `from` to `to` points (up: from the budget). */
function holdMove(brief: NominationBrief, actorId: number, from: number, to: number, memo: string): TransferSpec[] {
  if (from === to) return [];
  const { budgetAccountId, heldAccountId } = brief.programme.accounts;
  const up = to > from;
  return [
    {
      kind: up ? 'award_hold' : 'award_release',
      memo,
      actorMemberId: actorId,
      legs: [
        { accountId: budgetAccountId, amount: from - to },
        { accountId: heldAccountId, amount: to - from, counterpartyMemberId: brief.nomineeId },
      ],
    },
  ];
}

/** Who may act on the step: one of its approvers, or someone an approver of it delegated to. */
function mayDecide(locked: LockedNomination & { delegates: number[] }, actorId: number) {
  return (locked.chain[locked.step] ?? []).includes(actorId) || locked.delegates.includes(actorId);
}

/**
 * An approver's decision (decision 0107): approve (at the level asked, the hold moving up — the
 * budget's row locked and checked first — or down), forwarding to the next step or, at the last,
 * paying the nominee from the hold with a Kudos Thread item; or decline, releasing the hold. The
 * nomination's row is locked first: two approvers at once, or two instances, queue there, and the
 * second finds it decided (409). Each step is recorded with who, when, what and why.
 */
export async function decideNomination(
  deps: SendDeps,
  answer: IdempotentAnswer<DecideNominationResponse>,
  actorId: number,
  nominationId: number,
  input: Input,
): Promise<DecideNominationResponse> {
  const brief = await nominationBrief(deps.db, nominationId);
  if (!brief) throw notFound('No such nomination.');
  const { programme, people } = brief;
  const asked = input.levelKey === undefined ? undefined : programme.levels.find((l) => l.key === input.levelKey);
  if (input.levelKey !== undefined && !asked) throw fieldError('levelKey', 'Choose one of the programme’s levels');
  const { pointsName } = await deps.settings.read(['pointsName']);
  const nominee = people.get(brief.nomineeId);
  const nominator = people.get(brief.nominatorId);

  return runSend(deps, answer, {
    actorMemberId: actorId,
    checks: { nomination: (tx) => lockNomination(tx, nominationId) },
    decide: async ({ nomination }, tx) => {
      if (!nomination) throw notFound('No such nomination.');
      if (nomination.status !== 'pending') throw conflict(`This nomination was already ${nomination.status}.`);
      if (!mayDecide(nomination, actorId)) throw forbidden('This nomination does not wait for your decision.');
      const level =
        input.action === 'decline' ? undefined : (asked ?? programme.levels.find((l) => l.key === nomination.levelKey));
      const toLevel = level?.key ?? nomination.levelKey;
      const toPoints = level?.points ?? nomination.points;
      const final = input.action === 'decline' || nomination.step + 1 >= nomination.chain.length;
      const label = awardLabel(programme, toLevel);
      const memo = `${label}: ${nominee?.fullName ?? ''}`;
      if (toPoints > nomination.points) {
        const more = toPoints - nomination.points;
        await runStatement(
          tx,
          budgetGuardStatement(programme.accounts.budgetAccountId, more, (available) =>
            businessRule(`${programme.name} has ${available} ${pointsName} left: raising this award needs ${more}.`),
          ),
        );
      }
      const postings: TransferSpec[] = [];
      if (input.action === 'decline') {
        postings.push(...holdMove(brief, actorId, nomination.points, 0, memo));
      } else if (final) {
        postings.push({
          kind: 'award_payment',
          memo: label,
          actorMemberId: actorId,
          legs: [
            { accountId: programme.accounts.heldAccountId, amount: -toPoints, counterpartyMemberId: brief.nomineeId },
            {
              member: { memberId: brief.nomineeId, kind: 'points' },
              amount: toPoints,
              counterpartyMemberId: brief.nominatorId,
            },
          ],
        });
      }
      if (input.action === 'approve') postings.push(...holdMove(brief, actorId, nomination.points, toPoints, memo));
      const change: NominationChange = {
        id: nominationId,
        actorMemberId: actorId,
        action: input.action === 'decline' ? 'declined' : 'approved',
        step: nomination.step,
        status: input.action === 'decline' ? 'declined' : final ? 'approved' : 'pending',
        nextStep: final ? nomination.step : nomination.step + 1,
        fromLevel: nomination.levelKey,
        toLevel,
        points: toPoints,
        reason: input.reason,
        settledIndex: final ? 0 : null,
      };
      const nextApprovers = final ? [] : (nomination.chain[nomination.step + 1] ?? []);
      const outcome = input.action === 'decline' ? 'declined' : final ? 'approved' : 'forwarded';
      const mails = decisionMails({
        outcome,
        programme: programme.name,
        level: programme.levels.find((l) => l.key === toLevel)?.name ?? toLevel,
        points: toPoints,
        pointsName,
        reason: input.reason,
        nominator,
        nominee,
        nomineeManager: nominee?.managerId == null ? undefined : people.get(nominee.managerId),
        nextApprovers: nextApprovers.flatMap((id) => people.get(id) ?? []),
      });
      return { postings, mails, change, label, nextApprovers, outcome };
    },
    write: (decided) => async (tx, posted) => {
      const { change } = decided;
      const bells: NewNotification[] = [];
      const about = { awardNominationId: nominationId, actorMemberId: actorId };
      const kudosId =
        decided.outcome !== 'approved'
          ? null
          : await insertAwardKudos(
              tx,
              {
                fromMemberId: brief.nominatorId,
                toMemberId: brief.nomineeId,
                behaviourId: brief.behaviourId,
                message: brief.reason,
                label: decided.label,
              },
              change.points,
              posted.transactionIds[0]!,
            );
      if (decided.outcome === 'approved') {
        bells.push({ ...about, memberId: brief.nomineeId, kind: 'award_received', points: change.points });
        bells.push({ ...about, memberId: brief.nominatorId, kind: 'award_approved' });
      } else if (decided.outcome === 'declined') {
        bells.push({ ...about, memberId: brief.nominatorId, kind: 'award_declined' });
      } else {
        for (const id of decided.nextApprovers) bells.push({ ...about, memberId: id, kind: 'award_to_approve' });
      }
      await applyChange(tx, { ...change, kudosId }, posted.transactionIds);
      await insertNotifications(tx, bells);
      return { kudosId, told: bells.map((b) => b.memberId) };
    },
    audit: ({ change, outcome }) => [
      {
        action: 'awards.nomination_decide',
        target: { kind: 'nomination', id: nominationId },
        after: { outcome, status: change.status, level: change.toLevel },
        ...(change.points > 0 && outcome === 'approved' ? { ledgerTransactionId: 'posted' as const } : {}),
      },
    ],
    answer: ({ change, outcome }) => ({
      nominationId,
      status: change.status,
      level: programme.levels.find((l) => l.key === change.toLevel) ?? {
        key: change.toLevel,
        name: change.toLevel,
        points: change.points,
      },
      message:
        outcome === 'approved'
          ? `Approved: ${nominee?.fullName ?? 'the nominee'} receives ${change.points} ${pointsName}.`
          : outcome === 'declined'
            ? 'Declined: the points it held went back to the programme.'
            : 'Approved: it goes on to the next approver.',
    }),
    events: ({ written }) => {
      const events: LiveEvent[] = written.told.map((id) => notificationEvent(id, id !== brief.nomineeId));
      if (written.kudosId !== null) events.push({ type: 'kudos', data: { messageLogId: written.kudosId } });
      return events;
    },
  });
}
