import { useQuery } from '@tanstack/react-query';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';

export const ERROR_CELEBRATIONS = 'Error loading celebrations';
export const NO_CELEBRATIONS = 'Sorry there are no celebrations today.';

/** POST /api/site/getcelebrations {} → today's birthdays and work anniversaries. */
export async function getCelebrations(signal?: AbortSignal): Promise<CelebrationRow[]> {
  const res = await api.post<{ report: CelebrationRow[] }>('/api/site/getcelebrations', {}, { silent: true, signal });
  return res?.report ?? [];
}

export function useCelebrations(enabled = true) {
  return useQuery({
    queryKey: ['celebrations', 'today'],
    queryFn: ({ signal }) => getCelebrations(signal),
    enabled,
    staleTime: 10 * 60_000,
  });
}
