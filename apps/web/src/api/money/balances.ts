import type { QueryClient } from '@tanstack/react-query';
import type { MemberBalances } from '@ovation/shared/schemas/balances';
import { sessionKeys, type StoredSession } from '../session.ts';
import { BALANCE_READERS } from './stale.ts';

/**
 * Writes the balances a point-moving answer carries into the cached session, so the header, Home
 * and the forms show them at once without loading the session again; what else shows or judges
 * by them (stale.ts, BALANCE_READERS) is read again when next shown.
 */
export function applyBalances(queryClient: QueryClient, balances: MemberBalances): void {
  queryClient.setQueriesData<StoredSession>({ queryKey: sessionKeys.all }, (session) =>
    session ? { ...session, profile: { ...session.profile, ...balances } } : session,
  );
  for (const queryKey of BALANCE_READERS) void queryClient.invalidateQueries({ queryKey });
}
