import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { lockPrizePool } from '../modules/game/game.repository.ts';
import { runSend } from '../core/sends/run-send.ts';
import { createSendServices } from '../core/sends/send-deps.ts';
import { ProgrammeSettings } from '../core/settings/programme-settings.ts';

/**
 * Tops the Game Board's prize pool up to `target` points from issuance (ledger transaction
 * `game_pool_funding`), through the send runner like every flow that moves points: the pool's
 * row is locked and read in the transaction, so running it again adds only what is missing.
 * Answers the points added (0 when the pool already held `target`).
 */
export async function topUpPrizePool(
  database: Database,
  log: FastifyBaseLogger,
  actorMemberId: number,
  target: number,
): Promise<number> {
  const deps = {
    ...createSendServices(database.db, database.transactions, () => {}, ProgrammeSettings.fromDatabase(database.db)),
    log,
  };
  return runSend(
    deps,
    { store: () => null },
    {
      actorMemberId,
      // The pool's row, locked and read in the transaction: what is missing is added.
      decide: async (_checked, tx) => {
        const added = Math.max(0, target - (await lockPrizePool(tx)));
        return {
          added,
          postings:
            added === 0
              ? []
              : [
                  {
                    kind: 'game_pool_funding' as const,
                    memo: 'Game Board prize pool',
                    actorMemberId,
                    legs: [
                      { system: 'issuance' as const, amount: -added },
                      { system: 'game_prizes' as const, amount: added },
                    ],
                  },
                ],
        };
      },
      audit: (decided) =>
        decided.postings.length > 0 ? [{ action: 'game.prize_pool_fund', ledgerTransactionId: 'posted' as const }] : [],
      answer: ({ added }) => added,
    },
  );
}
