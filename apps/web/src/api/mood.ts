import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

/** A day's mood in the member's history (day yyyy-MM-dd). */
export interface MoodDay {
  day: string;
  value: number;
}

/** The one set of mood query keys: today's mood (with the descriptions) and the history. */
export const moodKeys = {
  all: ['mood'] as const,
  today: () => ['mood', 'today'] as const,
  histories: () => ['mood', 'history'] as const,
  history: (from: string, to: string) => ['mood', 'history', from, to] as const,
};

/** GET /api/mood/data/ (spec §7, trailing slash as listed): today's mood and the descriptions. */
export function getMood(signal?: AbortSignal): Promise<MoodResponse> {
  return api.get<MoodResponse>('/api/mood/data/', { silent: true, signal });
}

/**
 * PUT /api/mood/data { value }: one mood per member per day, a new choice replaces it. Sent with
 * keepalive, so a save in flight is not dropped when the member closes the page.
 */
export function saveMood(value: number): Promise<unknown> {
  return api.put('/api/mood/data', { value }, { silent: true, keepalive: true });
}

/**
 * The latest mood chosen while an earlier save was still on its way: saves run one at a time
 * (mutation scope 'mood', so the last choice lands last), and a queued one would be lost if the
 * page went away first. Leaving the page sends it at once.
 */
let queuedMood: number | null = null;
export function sendQueuedMood(): void {
  if (queuedMood === null) return;
  const value = queuedMood;
  queuedMood = null;
  saveMood(value).catch(() => undefined);
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', sendQueuedMood);

/** GET /api/mood/history?from&to (yyyy-MM-dd, inclusive): the member's own moods. */
export async function getMoodHistory(from: string, to: string, signal?: AbortSignal): Promise<MoodDay[]> {
  const res = await api.get<{ moods: MoodDay[] }>(`/api/mood/history?from=${from}&to=${to}`, { silent: true, signal });
  return res?.moods ?? [];
}

/** Today's mood and the descriptions. Silent: the check-in box says it failed. */
export function useMood() {
  return useDeferredQuery(useQuery({ queryKey: moodKeys.today(), queryFn: ({ signal }) => getMood(signal) }));
}

/** The mood descriptions (legend of the calendar and the wellbeing chart), from the same query. */
export function useMoodDescriptions() {
  return useQuery({
    queryKey: moodKeys.today(),
    queryFn: ({ signal }) => getMood(signal),
    select: (data) => data.moodDesc,
  });
}

/** The history of a range; the previous range stays on screen while the next one loads. */
export function useMoodHistory(from: string, to: string) {
  return useQuery({
    queryKey: moodKeys.history(from, to),
    queryFn: ({ signal }) => getMoodHistory(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

/** Choosing a mood shows it at once (spec §4); a failed save puts the previous one back. */
export function useSaveMood() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: number) => {
      if (queuedMood === value) queuedMood = null;
      return saveMood(value);
    },
    scope: { id: 'mood' },
    onMutate: async (value) => {
      queuedMood = value;
      await client.cancelQueries({ queryKey: moodKeys.today() });
      const previous = client.getQueryData<MoodResponse>(moodKeys.today());
      if (previous) client.setQueryData<MoodResponse>(moodKeys.today(), { ...previous, moodData: { value } });
      return { previous };
    },
    onError: (_error, _value, context) => {
      if (context?.previous) client.setQueryData(moodKeys.today(), context.previous);
    },
    // The calendar and wellbeing pages read the history: let them refetch.
    onSettled: () => client.invalidateQueries({ queryKey: moodKeys.histories() }),
  });
}
