import { useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@ovation/shared/schemas/content';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';

export const WELLBEING_CONTENT_KEY = 'wellbeing';
export const WELLBEING_DAYS = 90;

const pad = (n: number) => String(n).padStart(2, '0');
const key = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The last 90 days, today included, as yyyy-MM-dd. */
export function lastDaysRange(days = WELLBEING_DAYS, today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: key(from), to: key(today) };
}

export function useMoodTrend() {
  const { from, to } = lastDaysRange();
  return useQuery({
    queryKey: ['mood', 'history', from, to],
    queryFn: ({ signal }) =>
      api.get<{ moods: { day: string; value: number }[] }>(`/api/mood/history?from=${from}&to=${to}`, {
        silent: true,
        signal,
      }),
    select: (res) => res.moods,
  });
}

export function useMoodNames() {
  return useQuery({
    queryKey: ['mood', 'today'],
    queryFn: ({ signal }) => api.get<MoodResponse>('/api/mood/data/', { silent: true, signal }),
    select: (data) => data.moodDesc,
  });
}

/** POST /api/site/getcontentdb { contentKey: 'wellbeing' }: the firm's wellbeing page. */
export function useWellbeingContent() {
  return useQuery({
    queryKey: ['content', WELLBEING_CONTENT_KEY],
    queryFn: ({ signal }) =>
      api.post<ContentItem>('/api/site/getcontentdb', { contentKey: WELLBEING_CONTENT_KEY }, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
}
