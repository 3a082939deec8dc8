import { useQuery } from '@tanstack/react-query';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';

export interface MoodDay {
  day: string;
  value: number;
}

/** GET /api/mood/history?from&to (yyyy-MM-dd, inclusive): the member's own moods. */
export async function getMoodHistory(from: string, to: string, signal?: AbortSignal): Promise<MoodDay[]> {
  const res = await api.get<{ moods: MoodDay[] }>(`/api/mood/history?from=${from}&to=${to}`, { silent: true, signal });
  return res?.moods ?? [];
}

export function useMoodHistory(from: string, to: string) {
  return useQuery({
    queryKey: ['mood', 'history', from, to],
    queryFn: ({ signal }) => getMoodHistory(from, to, signal),
    placeholderData: (previous) => previous,
  });
}

/** GET /api/mood/data/: the mood descriptions for the legend. */
export function useMoodDescriptions() {
  return useQuery({
    queryKey: ['mood', 'today'],
    queryFn: ({ signal }) => api.get<MoodResponse>('/api/mood/data/', { silent: true, signal }),
    select: (data) => data.moodDesc,
  });
}
