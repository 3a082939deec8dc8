import { useQueryClient } from '@tanstack/react-query';
import { SESSION_QUERY_KEY, useSession } from './session.tsx';

/**
 * After points or notes move: the session (balances in the header and forms) reloads and every
 * other cached query (thread, home, statements, my recognition) is marked stale and refetched.
 */
export function useAfterSend() {
  const session = useSession();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      session.reload(),
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY }),
    ]);
  };
}
