import type { nominateRequestSchema, nominateResponseSchema } from '@ovation/shared/schemas/awards';
import type { z } from 'zod';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { notificationEvent } from '../../core/bell/notify.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { businessRule, fieldError } from '../../lib/app-errors.ts';
import { approvalChain } from './approval-chain.ts';
import { approverMails } from './award-mails.ts';
import { insertNominationsStatement, type NewNomination } from './nominations.repository.ts';
import { findNominees, isEligible, reciprocalNominees } from './nominees.repository.ts';
import { budgetGuardStatement, findProgramme } from './programmes.repository.ts';

type Input = z.output<typeof nominateRequestSchema>;
type NominateResponse = z.infer<typeof nominateResponseSchema>;

const names = (list: string[]) =>
  list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;

/**
 * Nominates one or more colleagues for a programme's award (issue 41, decision 0107). The checks
 * before the transaction are the member's mistakes (400/422); in it, the budget's row is locked and
 * the nominations refused when it holds less than they need (so concurrent nominations can never
 * commit a programme past its budget), then each nominee's points move from the budget to the
 * programme's held account and the nominations, their first events and the first approvers' bells
 * are written, naming their holds.
 */
export async function nominate(
  deps: SendDeps,
  answer: IdempotentAnswer<NominateResponse>,
  nominatorId: number,
  request: Input,
): Promise<NominateResponse> {
  const programme = await findProgramme(deps.db, request.programmeId);
  const today = new Date().toISOString().slice(0, 10);
  if (!programme || programme.archivedAt) throw fieldError('programmeId', 'Choose a programme');
  if (today < programme.opensOn || today > programme.closesOn) {
    throw fieldError(
      'programmeId',
      `${programme.name} takes nominations from ${programme.opensOn} to ${programme.closesOn}`,
    );
  }
  const level = programme.levels.find((l) => l.key === request.levelKey);
  if (!level) throw fieldError('levelKey', 'Choose one of the programme’s levels');
  const reason = request.reason.trim();
  if (reason.length < programme.reasonMinLength) {
    throw fieldError('reason', `Say why in at least ${programme.reasonMinLength} characters`);
  }
  const behaviourId = request.behaviourId ?? null;
  if (behaviourId !== null && !programme.behaviourIds.includes(behaviourId)) {
    throw fieldError('behaviourId', 'Choose one of the programme’s behaviours');
  }
  const nomineeIds = [...new Set(request.nomineeIds)];
  if (nomineeIds.includes(nominatorId)) throw fieldError('nomineeIds', 'You cannot nominate yourself');

  const [nominees, reciprocal, settings] = await Promise.all([
    findNominees(deps.db, nomineeIds),
    reciprocalNominees(deps.db, programme.id, nominatorId, nomineeIds, programme.reciprocalDays),
    deps.settings.read(['pointsName', 'sendRateLimitPerMinute']),
  ]);
  const rows: NewNomination[] = [];
  for (const id of nomineeIds) {
    const nominee = nominees.get(id);
    if (!nominee) throw fieldError('nomineeIds', 'Choose colleagues who are still with the firm');
    if (!isEligible(programme.eligibility, nominee)) {
      throw fieldError('nomineeIds', `${nominee.fullName} cannot be nominated for ${programme.name}`);
    }
    const chain = approvalChain(programme.approval, { nominatorId, nomineeId: id, ...nominee }, level.points);
    if (chain.length === 0) {
      throw businessRule(`No one can approve an award to ${nominee.fullName} yet: ask who runs ${programme.name}.`);
    }
    rows.push({
      programmeId: programme.id,
      nominatorId,
      nomineeId: id,
      levelKey: level.key,
      points: level.points,
      reason,
      behaviourId,
      chain,
      reciprocal: reciprocal.has(id),
    });
  }
  const total = level.points * rows.length;
  const { budgetAccountId, heldAccountId } = programme.accounts;
  const nomineeNames = rows.map((r) => nominees.get(r.nomineeId)!.fullName);
  const firstApprovers = [...new Set(rows.flatMap((r) => r.chain[0]!))];
  const mails = await approverMails(deps.db, firstApprovers, {
    programme: programme.name,
    level: level.name,
    nomineeNames,
  });

  return runSend(deps, answer, {
    actorMemberId: nominatorId,
    ratePerMinute: settings.sendRateLimitPerMinute,
    checks: {
      budget: budgetGuardStatement(budgetAccountId, total, (available) =>
        businessRule(
          `${programme.name} has ${available} ${settings.pointsName} left to award: ` +
            `${rows.length > 1 ? `these ${rows.length} nominations need` : 'this nomination needs'} ${total}.`,
        ),
      ),
    },
    decide: {
      postings: rows.map((r, i) => ({
        kind: 'award_hold' as const,
        memo: `${programme.name} · ${level.name}: ${nomineeNames[i]}`,
        actorMemberId: nominatorId,
        legs: [
          { accountId: budgetAccountId, amount: -r.points },
          { accountId: heldAccountId, amount: r.points, counterpartyMemberId: r.nomineeId },
        ],
      })),
      mails,
    },
    write: () => insertNominationsStatement(rows),
    audit: (decided) => [
      {
        action: 'awards.nominate',
        target: { kind: 'programme', id: programme.id },
        after: { nominees: nomineeIds },
        ...(decided.postings.length > 0 ? { ledgerTransactionId: 'posted' as const } : {}),
      },
    ],
    answer: (_decided, { written, balances }) => ({
      nominationIds: written(),
      message: `You nominated ${names(nomineeNames)} for ${programme.name} (${level.name}). Thank you! We will let you know when it is decided.`,
      balances: balances(),
    }),
    events: () => firstApprovers.map((id) => notificationEvent(id, true)),
  });
}
