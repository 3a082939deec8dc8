import { sql } from 'drizzle-orm';
import type { GamePlayRequest, GamePlayResponse } from '@ovation/shared/schemas/game';
import { businessRule, fieldError } from '../../lib/app-errors.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import { readMemberBalances } from '../../core/ledger/accounts.repository.ts';
import type { TransferSpec } from '../../core/ledger/transfer.ts';
import { jsonbObject } from '../../db/statement.ts';
import { runSend, type SendDeps } from '../../core/sends/run-send.ts';
import { cryptoRandom, drawPrize, isPoolEmpty, type Draw, type RandomSource } from './draw-prize.ts';
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
  let drawn: { draw: Draw; poolBefore: number } | undefined;
  const poolLock = prizePoolLockStatement();
  let pool: number | null = null;
  const prizeOf = () => ({ label: drawn!.draw.prize.label, points: drawn!.draw.prize.points });

  return runSend(deps, answer, {
    actorMemberId: memberId,
    // Plays count with the member's sends against one per-minute limit: a script cannot hold the
    // prize pool's row, which every play locks, for everyone else.
    ratePerMinute: settings.ratePerMinute,
    // The pool row is locked first, with the key's hold, before ledger_post locks the member's
    // accounts; a retried transaction locks and draws again (nothing of the first one committed).
    checks: [{ ...poolLock, read: (rows) => void (pool = poolLock.read(rows)) }],
    postings: async (tx) => {
      // A pool never funded has no account yet: made (and locked) here.
      const poolBefore = pool ?? (await lockPrizePool(tx));
      const draw = isPoolEmpty(table.prizes, poolBefore) ? null : drawPrize(table.prizes, poolBefore, random);
      if (!draw) throw poolRefilling();
      drawn = { draw, poolBefore };
      const specs: TransferSpec[] = [
        {
          kind: 'game_play',
          memo: `Cap ${input.cap}: ${draw.prize.label}`,
          actorMemberId: memberId,
          legs: [
            { member: { memberId, kind: 'plays' }, amount: -1 },
            { system: 'plays_issuance', amount: 1 },
          ],
        },
      ];
      if (draw.prize.points > 0) {
        specs.push({
          kind: 'game_prize',
          memo: draw.prize.label,
          actorMemberId: memberId,
          legs: [
            { system: 'game_prizes', amount: -draw.prize.points },
            { member: { memberId, kind: 'points' }, amount: draw.prize.points },
          ],
        });
      }
      return specs;
    },
    refuseInsufficient: () => noPlaysLeft(),
    // Made once the server has drawn; sent with the postings (it names them).
    write: {
      later: () =>
        drawStatement(
          {
            memberId,
            cap: input.cap,
            randomValue: drawn!.draw.randomValue,
            randomRange: drawn!.draw.randomRange,
            tableVersion: table.version,
            poolBefore: drawn!.poolBefore,
            prizeLabel: drawn!.draw.prize.label,
            prizePoints: drawn!.draw.prize.points,
          },
          drawn!.draw.prize.points > 0,
        ),
    },
    answer: (playId, balances) => ({
      playId,
      prize: prizeOf(),
      playsAvailable: balances.awardsPointsAvailable1,
      balances,
    }),
    // The same fields, built by the database with COMMIT (decision 0052).
    answerJson: (playId, balances) =>
      jsonbObject({ playId, prize: prizeOf(), playsAvailable: sql`${balances}->'awardsPointsAvailable1'`, balances }),
  });
}
