import { sql } from 'drizzle-orm';
import type { FundProgrammeResponse } from '@ovation/shared/schemas/awards';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { notFound } from '../../lib/app-errors.ts';
import { findProgramme } from './programmes.repository.ts';

/**
 * Funds a programme's budget from the firm's issuance account (ledger kind `award_funding`): the
 * plan is one posting and nothing else, so on PostgreSQL it goes in one write with the key's hold,
 * the stored answer and COMMIT.
 */
export async function fundProgramme(
  deps: SendDeps,
  answer: IdempotentAnswer<FundProgrammeResponse>,
  actorMemberId: number,
  programmeId: number,
  points: number,
): Promise<FundProgrammeResponse> {
  const programme = await findProgramme(deps.db, programmeId);
  if (!programme) throw notFound('No such programme.');
  const { budgetAccountId } = programme.accounts;
  const { pointsName } = await deps.settings.read(['pointsName']);
  return runSend(deps, answer, {
    actorMemberId,
    decide: {
      postings: [
        {
          kind: 'award_funding',
          memo: programme.name,
          actorMemberId,
          legs: [
            { system: 'issuance', amount: -points },
            { accountId: budgetAccountId, amount: points },
          ],
        },
      ],
    },
    // The budget after, read once the posting has moved it (a system account: not in its answer).
    write: () => ({
      sql: sql`select balance from ledger_accounts where id = ${budgetAccountId}`,
      name: 'award_budget_balance',
      readsPosting: true,
      read: (rows) => Number(rows[0]!.balance),
    }),
    audit: () => [
      {
        action: 'awards.programme_fund',
        target: { kind: 'programme', id: programme.id },
        ledgerTransactionId: 'posted' as const,
      },
    ],
    answer: (_decided, { written }) => ({
      programmeId,
      budget: { available: written(), held: programme.accounts.held },
      message: `${programme.name} was funded with ${points} ${pointsName}.`,
    }),
  });
}
