import { useSyncExternalStore } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

/** A day's mood in the member's history (day yyyy-MM-dd). */
export interface MoodDay {
  day: string;
  value: number;
}

/** The check-in's day, yyyy-MM-dd: the firm's day, UTC, as the server keeps it (decision 0087). */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The one set of mood query keys: today's mood (with the descriptions) and the history. */
export const moodKeys = {
  all: ['mood'] as const,
  /** Keyed by the UTC day: a page left open past midnight asks again instead of showing yesterday's. */
  today: (day = utcToday()) => ['mood', 'today', day] as const,
  histories: () => ['mood', 'history'] as const,
  history: (from: string, to: string) => ['mood', 'history', from, to] as const,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Tells React when the UTC day may have turned: at midnight UTC, and when the page comes back
 * (a timer sleeps with the laptop).
 */
function subscribeToDayChange(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = () => {
    const now = Date.now();
    timer = setTimeout(
      () => {
        onChange();
        arm();
      },
      DAY_MS - (now % DAY_MS) + 1000,
    );
  };
  arm();
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** Today's UTC day; the component renders again when it changes. */
export function useUtcToday(): string {
  return useSyncExternalStore(subscribeToDayChange, utcToday, utcToday);
}

/** GET /api/mood/data/ (spec §7, trailing slash as listed): today's mood and the descriptions. */
export function getMood(signal?: AbortSignal): Promise<MoodResponse> {
  return api.get<MoodResponse>('/api/mood/data/', { silent: true, signal });
}

/**
 * PUT /api/mood/data { value }: one mood per member per day, a new choice replaces it; the answer
 * is today's mood and the descriptions, as GET gives them. Sent with keepalive, so a save in
 * flight is not dropped when the member closes the page.
 */
export function saveMood(value: number): Promise<MoodResponse | undefined> {
  return api.put<MoodResponse | undefined>('/api/mood/data', { value }, { silent: true, keepalive: true });
}

/**
 * The latest mood chosen while an earlier save was still on its way: saves run one at a time
 * (mutation scope 'mood', so the last choice lands last), and a queued one would be lost if the
 * page went away first. Leaving the page sends it at once.
 *
 * It is not chained after the save in flight: after `pagehide` a discarded page runs no more
 * script, so a send waiting for that save's answer would never leave, and the choice would be
 * lost. A page that lives on (kept for the back button) runs the queue again, which sends the
 * same choice after the earlier save, so the last choice still lands last.
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

/**
 * Today's mood and the descriptions, for the UTC day at render. Asked again when the window
 * regains focus (silent, so no message box): the day may have turned, or another tab chosen.
 */
function useTodayQuery() {
  return { queryKey: moodKeys.today(useUtcToday()), refetchOnWindowFocus: true } as const;
}

/** Today's mood and the descriptions. Silent: the check-in box says it failed. */
export function useMood() {
  const today = useTodayQuery();
  return useDeferredQuery(useQuery({ ...today, queryFn: ({ signal }) => getMood(signal) }));
}

/** The mood descriptions (legend of the calendar and the wellbeing chart), from the same query. */
export function useMoodDescriptions() {
  const today = useTodayQuery();
  return useQuery({ ...today, queryFn: ({ signal }) => getMood(signal), select: (data) => data.moodDesc });
}

/** The history of a range; the previous range stays on screen while the next one loads. */
export function useMoodHistory(from: string, to: string) {
  return useQuery({
    queryKey: moodKeys.history(from, to),
    queryFn: ({ signal }) => getMoodHistory(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

const saveMoodKey = ['mood', 'save'] as const;

/**
 * Choosing a mood shows it at once (spec §4), then the server's answer replaces it. Only the
 * last save still pending touches the cache when it ends: an earlier one's answer or rollback
 * would cover the later choice on screen. A failure puts the previous mood back and asks the
 * server again (the previous one may itself have been a choice that failed).
 */
export function useSaveMood() {
  const client = useQueryClient();
  // A save still counts itself while its callbacks run.
  const isLastSave = () => client.isMutating({ mutationKey: saveMoodKey }) === 1;
  return useMutation({
    mutationKey: saveMoodKey,
    mutationFn: (value: number) => {
      if (queuedMood === value) queuedMood = null;
      return saveMood(value);
    },
    scope: { id: 'mood' },
    onMutate: async (value) => {
      queuedMood = value;
      const key = moodKeys.today();
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<MoodResponse>(key);
      if (previous) client.setQueryData<MoodResponse>(key, { ...previous, moodData: { value } });
      return { key, previous };
    },
    onSuccess: async (answer, _value, { key }) => {
      if (!answer || !isLastSave()) return;
      // A read that left before this save would bring the mood before it.
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, answer);
    },
    onError: (_error, _value, context) => {
      if (context?.previous && isLastSave()) client.setQueryData(context.key, context.previous);
    },
    onSettled: (answer, _error, _value, context) => {
      // After the server's answer the cache holds it: marked stale, not read again at once.
      if (context && isLastSave())
        void client.invalidateQueries({ queryKey: context.key, refetchType: answer ? 'none' : 'active' });
      // The calendar and wellbeing pages read the history: let them refetch.
      return client.invalidateQueries({ queryKey: moodKeys.histories() });
    },
  });
}
