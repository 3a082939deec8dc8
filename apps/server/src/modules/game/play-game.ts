import type { GamePlayRequest, GamePlayResponse } from '@ovation/shared/schemas/game';
import { businessRule, fieldError } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { readMemberBalances } from '../../core/ledger/accounts.repository.ts';
import type { TransferSpec } from '../../core/ledger/transfer.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { cryptoRandom, drawPrize, isPoolEmpty, type RandomSource } from './draw-prize.ts';
import { readGameSettings } from './game-settings.ts';
import { drawStatement, lockPrizePool, prizePoolLockStatement } from './game.repository.ts';

export interface Player {
  memberId: number;
}

const noPlaysLeft = () =>
  businessRule('You have no game plays left. You earn plays when colleagues recognise you — come back then.');
const poolRefilling = () => businessRule('The prize pool is refilling. Your plays are kept — please try again later.');

/**
 * One play of the Game Board (issue 10): flips `cap`, draws the prize on the server and, in one
 * database transaction through the send runner: one play from the member back to plays_issuance
 * ('game_play'), the prize from the pool to the member's points ('game_prize', when it is worth
 * something) and the draw's audit row. The pool is locked and read in the transaction and only
 * the prizes it can cover are in the draw, so it never goes negative (05-game.sql's CHECK is the
 * backstop); when it covers none the play is refused and kept. On PostgreSQL that is two writes
 * (decision 0060): BEGIN, the key's hold and the pool's lock; then, once the server has drawn, the
 * postings, the draw's row, the stored answer and COMMIT.
 */
export async function playGame(
  deps: SendDeps,
  answer: IdempotentAnswer<GamePlayResponse>,
  player: Player,
  input: GamePlayRequest,
  random: RandomSource = cryptoRandom,
): Promise<GamePlayResponse> {
  const { memberId } = player;
  const [settings, before] = await Promise.all([
    readGameSettings(deps.settings),
    readMemberBalances(deps.db, memberId),
  ]);
  if (input.cap > settings.caps) throw fieldError('cap', `Choose a cap from 1 to ${settings.caps}`);
  if (before.awardsPointsAvailable1 < 1) throw noPlaysLeft();
  const { table } = settings;

  return runSend(deps, answer, {
    actorMemberId: memberId,
    // Plays count with the member's sends against one per-minute limit: a script cannot hold the
    // prize pool's row, which every play locks, for everyone else.
    ratePerMinute: settings.ratePerMinute,
    // The pool row is locked first, with the key's hold, before ledger_post locks the member's
    // accounts; a retried transaction locks and draws again (nothing of the first one committed).
    checks: { pool: prizePoolLockStatement() },
    decide: async ({ pool }, tx) => {
      // A pool never funded has no account yet: made (and locked) here.
      const poolBefore = pool ?? (await lockPrizePool(tx));
      const draw = isPoolEmpty(table.prizes, poolBefore) ? null : drawPrize(table.prizes, poolBefore, random);
      if (!draw) throw poolRefilling();
      const { prize } = draw;
      const postings: TransferSpec[] = [
        {
          kind: 'game_play',
          memo: `Cap ${input.cap}: ${prize.label}`,
          actorMemberId: memberId,
          legs: [
            { member: { memberId, kind: 'plays' }, amount: -1 },
            { system: 'plays_issuance', amount: 1 },
          ],
        },
      ];
      if (prize.points > 0) {
        postings.push({
          kind: 'game_prize',
          memo: prize.label,
          actorMemberId: memberId,
          legs: [
            { system: 'game_prizes', amount: -prize.points },
            { member: { memberId, kind: 'points' }, amount: prize.points },
          ],
        });
      }
      return { postings, draw, poolBefore };
    },
    refuseInsufficient: () => noPlaysLeft(),
    // The draw's audit row names the postings, so it is sent after them.
    write: ({ draw, poolBefore }) =>
      drawStatement(
        {
          memberId,
          cap: input.cap,
          randomValue: draw.randomValue,
          randomRange: draw.randomRange,
          tableVersion: table.version,
          poolBefore,
          prizeLabel: draw.prize.label,
          prizePoints: draw.prize.points,
        },
        draw.prize.points > 0,
      ),
    audit: () => [
      { action: 'game.play', target: { kind: 'member', id: memberId }, ledgerTransactionId: 'posted' as const },
    ],
    answer: ({ draw }, { written, balances }) => ({
      playId: written(),
      prize: { label: draw.prize.label, points: draw.prize.points },
      playsAvailable: balances('awardsPointsAvailable1'),
      balances: balances(),
    }),
  });
}
