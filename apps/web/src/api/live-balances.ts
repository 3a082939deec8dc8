import { useQueryClient } from '@tanstack/react-query';
import { LIVE_RECONNECTED, useLiveEvents } from './live-events.ts';
import { invalidateStale } from './money/stale.ts';

/**
 * What a `notification` can change besides the bell: someone recognised the member or paid points
 * forward, so what the money table says a `notice` makes stale (money/stale.ts: the balances kept
 * in the session, the game plays, the Pay It Forward allowance, the rewards basket and the
 * statements) is read again. The server's event carries no detail, and it only fires for this
 * member; a reconnect means events may have been missed. A notice that changed only the bell (a
 * reaction, notices marked read) says `bellOnly` and reads nothing here (decision 0101).
 */
export function useLiveBalances(enabled = true) {
  const queryClient = useQueryClient();
  const refresh = () => void invalidateStale(queryClient, 'notice');
  const onNotification = (data: unknown) => {
    if (!(typeof data === 'object' && data !== null && 'bellOnly' in data && data.bellOnly === true)) refresh();
  };
  useLiveEvents({ notification: onNotification, [LIVE_RECONNECTED]: refresh }, enabled);
}
