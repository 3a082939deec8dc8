import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameBoardResponse, GamePlayRequest, GamePlayResponse } from '@ovation/shared/schemas/game';
import { api } from '../lib/api-client.ts';
import { isSettledRefusal } from '../lib/idempotency.ts';
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';
import { sessionKeys } from './session.ts';
import { statementKeys } from './statements.ts';

/** Query keys of the Game Board (issue 10). */
export const gameKeys = {
  all: ['game'] as const,
  board: () => [...gameKeys.all, 'board'] as const,
};

/** GET /api/game/board: plays left, the caps, the prize table with odds, whether the pool is refilling. */
export function getGameBoard(signal?: AbortSignal): Promise<GameBoardResponse> {
  return api.get<GameBoardResponse>('/api/game/board', { silent: true, signal });
}

export const gameBoardQueryOptions = () =>
  queryOptions({ queryKey: gameKeys.board(), queryFn: ({ signal }) => getGameBoard(signal) });

export function useGameBoard(options: { enabled?: boolean } = {}) {
  return useQuery({ ...gameBoardQueryOptions(), enabled: options.enabled ?? true });
}

/**
 * Flips a cap (POST /api/game/play). On an answer: the session's balances and the board's plays
 * update at once, and the board and the statements (plays and points) are marked stale
 * (money/stale.ts, `play`). On a failure the board is reloaded; when
 * the outcome is unknown (no answer, or a 5xx: the play may have been paid) the statements are
 * marked stale too, and once the board has reloaded — the server answers again — so is the
 * session, whose balances the header and Home show. (Not while the server cannot be reached:
 * a session that fails to load says so in a message box, over the flip's own explanation.)
 * Flipping the same cap again sends the same body, so the same Idempotency-Key
 * (lib/idempotency.ts), and the server answers what that flip drew without using another play.
 */
export function usePlayGame() {
  return useMoneyMutation('play', {
    request: (body: GamePlayRequest) => moneyRequest<GamePlayResponse>('/api/game/play', body),
    onAnswer: (queryClient, answer) =>
      queryClient.setQueryData<GameBoardResponse>(gameKeys.board(), (board) =>
        board ? { ...board, playsAvailable: answer.playsAvailable } : board,
      ),
    // Not awaited: the mutation would wait for the reload before the page hears of the failure.
    onError: (queryClient, error) => {
      const unknown = !isSettledRefusal(error);
      if (unknown) void queryClient.invalidateQueries({ queryKey: statementKeys.all });
      void queryClient.invalidateQueries({ queryKey: gameKeys.board() }).then(() => {
        if (unknown && queryClient.getQueryState(gameKeys.board())?.status !== 'error') {
          void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        }
      });
    },
  });
}

/**
 * How plays are earned, as the Game Board and How it Works say it, from the programme settings:
 * "1 play each time a colleague recognises you, up to 10 plays a day".
 */
export function howPlaysAreEarned(board: Pick<GameBoardResponse, 'playsPerRecognition' | 'playsDailyCap'>): string {
  const plays = (n: number) => `${n} ${n === 1 ? 'play' : 'plays'}`;
  return `${plays(board.playsPerRecognition)} each time a colleague recognises you, up to ${plays(board.playsDailyCap)} a day`;
}
