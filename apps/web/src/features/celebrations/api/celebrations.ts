import { useQuery } from '@tanstack/react-query';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';

export const UPCOMING_DAYS = 30;

/** POST /api/site/getcelebrations {}: today's birthdays and work anniversaries. */
export async function getTodaysCelebrations(signal?: AbortSignal): Promise<CelebrationRow[]> {
  const res = await api.post<{ report: CelebrationRow[] }>('/api/site/getcelebrations', {}, { silent: true, signal });
  return res?.report ?? [];
}

/** GET /api/celebrations/upcoming?days=30: the coming days, today included. */
export async function getUpcomingCelebrations(days: number, signal?: AbortSignal): Promise<CelebrationRow[]> {
  const res = await api.get<{ report: CelebrationRow[] }>(`/api/celebrations/upcoming?days=${days}`, {
    silent: true,
    signal,
  });
  return res?.report ?? [];
}

export function useTodaysCelebrations() {
  return useQuery({ queryKey: ['celebrations', 'today'], queryFn: ({ signal }) => getTodaysCelebrations(signal) });
}

export function useUpcomingCelebrations(days = UPCOMING_DAYS) {
  return useQuery({
    queryKey: ['celebrations', 'upcoming', days],
    queryFn: ({ signal }) => getUpcomingCelebrations(days, signal),
  });
}
