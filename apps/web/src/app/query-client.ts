import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are reported once by the api client's message box, so queries do not retry
 * (a retry would show the same box again) and do not refetch on focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
