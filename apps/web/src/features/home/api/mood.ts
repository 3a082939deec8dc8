import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';

export const MOOD_QUERY_KEY = ['mood', 'today'] as const;
export const ERROR_SAVING_MOOD = 'Error Saving Mood';
export const ERROR_LOADING_MOOD = 'Error Loading Mood Data';

/** GET /api/mood/data/ (spec §7, trailing slash as listed). Silent: the box says it failed. */
export function getMood(signal?: AbortSignal): Promise<MoodResponse> {
  return api.get<MoodResponse>('/api/mood/data/', { silent: true, signal });
}

/** PUT /api/mood/data { value }: one mood per member per day, a new choice replaces it. */
export function saveMood(value: number): Promise<unknown> {
  return api.put('/api/mood/data', { value }, { silent: true });
}

export function useMood() {
  return useQuery({ queryKey: MOOD_QUERY_KEY, queryFn: ({ signal }) => getMood(signal) });
}

/** Choosing a mood shows it at once (spec §4); a failed save puts the previous one back. */
export function useSaveMood() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveMood,
    scope: { id: 'mood' },
    onMutate: async (value) => {
      await client.cancelQueries({ queryKey: MOOD_QUERY_KEY });
      const previous = client.getQueryData<MoodResponse>(MOOD_QUERY_KEY);
      if (previous) client.setQueryData<MoodResponse>(MOOD_QUERY_KEY, { ...previous, moodData: { value } });
      return { previous };
    },
    onError: (_error, _value, context) => {
      if (context?.previous) client.setQueryData(MOOD_QUERY_KEY, context.previous);
    },
    // The calendar and wellbeing pages read the history: let them refetch.
    onSettled: () => client.invalidateQueries({ queryKey: ['mood', 'history'] }),
  });
}
