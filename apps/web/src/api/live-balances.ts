import { useQueryClient } from '@tanstack/react-query';
import { gameKeys } from './game.ts';
import { LIVE_RECONNECTED, useLiveEvents } from './live-events.ts';
import { sessionKeys } from './session.ts';
import { statementKeys } from './statements.ts';

/**
 * What a `notification` can change besides the bell: someone recognised the member or paid points
 * forward, so the balances (kept in the session), the game plays, the Pay It Forward allowance,
 * the rewards basket and the statements are read again. The server's event carries no detail,
 * and it only fires for this member; a reconnect means events may have been missed. A notice that
 * changed only the bell (a reaction, notices marked read) says `bellOnly` and reads nothing here
 * (decision 0101).
 */
export const BALANCE_QUERY_KEYS = [
  sessionKeys.all,
  gameKeys.all,
  ['payitforward'],
  ['rewards'],
  statementKeys.all,
] as const;

export function useLiveBalances(enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const queryKey of BALANCE_QUERY_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  };
  const onNotification = (data: unknown) => {
    if (!(typeof data === 'object' && data !== null && 'bellOnly' in data && data.bellOnly === true)) refresh();
  };
  useLiveEvents({ notification: onNotification, [LIVE_RECONNECTED]: refresh }, enabled);
}
