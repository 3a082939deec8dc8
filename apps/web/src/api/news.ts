import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';

export const newsKeys = { bulletin: () => ['newsBulletin'] as const };

/** `newsBulletin` is a JSON string of [{ text }] (spec §3); anything else counts as empty. */
export function parseNewsBulletin(raw: unknown): string[] {
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  try {
    const entries: unknown = JSON.parse(raw);
    if (!Array.isArray(entries)) return [];
    return entries
      .map((e) => (typeof e === 'object' && e !== null ? (e as { text?: unknown }).text : undefined))
      .filter((t): t is string => typeof t === 'string' && t.trim() !== '');
  } catch {
    console.warn('News bulletin is not valid JSON');
    return [];
  }
}

/**
 * GET /api/newsbulletin/data. Spec §4: a failed load keeps the ticker hidden silently, so
 * the call is silent and the failure is only logged (a warning: nothing broke for the user).
 */
export async function getNews(signal?: AbortSignal): Promise<string[]> {
  try {
    const res = await api.get<{ newsBulletin?: unknown }>('/api/newsbulletin/data', { silent: true, signal });
    return parseNewsBulletin(res?.newsBulletin);
  } catch (error) {
    if (!signal?.aborted) console.warn('News bulletin failed to load', error);
    throw error;
  }
}

export function useNews() {
  return useDeferredQuery(
    useQuery({
      queryKey: newsKeys.bulletin(),
      queryFn: ({ signal }) => getNews(signal),
      staleTime: 5 * 60_000,
      // A Home left open picks up an editor's change within five minutes, as News Bulletin Admin says.
      refetchInterval: 5 * 60_000,
    }),
  );
}
