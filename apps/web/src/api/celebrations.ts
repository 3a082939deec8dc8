import { useQuery } from '@tanstack/react-query';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

export const celebrationKeys = {
  all: ['celebrations'] as const,
  today: () => ['celebrations', 'today'] as const,
  upcoming: (days: number) => ['celebrations', 'upcoming', days] as const,
};

/** POST /api/site/getcelebrations {}: today's birthdays and work anniversaries. */
export async function getTodaysCelebrations(signal?: AbortSignal): Promise<CelebrationRow[]> {
  const res = await api.post<{ report: CelebrationRow[] }>('/api/site/getcelebrations', {}, { silent: true, signal });
  return res?.report ?? [];
}

/** GET /api/celebrations/upcoming?days=n: the coming days, today included. */
export async function getUpcomingCelebrations(days: number, signal?: AbortSignal): Promise<CelebrationRow[]> {
  const res = await api.get<{ report: CelebrationRow[] }>(`/api/celebrations/upcoming?days=${days}`, {
    silent: true,
    signal,
  });
  return res?.report ?? [];
}

/** Today's celebrations (Home's side panel and the Celebrations page share this query). */
export function useTodaysCelebrations(enabled = true) {
  return useDeferredQuery(
    useQuery({
      queryKey: celebrationKeys.today(),
      queryFn: ({ signal }) => getTodaysCelebrations(signal),
      enabled,
      staleTime: 10 * 60_000,
    }),
  );
}

export function useUpcomingCelebrations(days: number) {
  return useQuery({
    queryKey: celebrationKeys.upcoming(days),
    queryFn: ({ signal }) => getUpcomingCelebrations(days, signal),
  });
}
