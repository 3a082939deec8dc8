import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@ovation/shared/schemas/content';
import { api } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';

export const contentKeys = {
  all: ['content'] as const,
  page: (contentKey: string) => ['content', contentKey.toLowerCase()] as const,
  /** Terms and privacy as the footer asks for them (isCache: the server may answer from its cache). */
  cached: (contentKey: string) => ['content', contentKey, 'cached'] as const,
};

/** POST /api/site/getcontentdb (spec §7). Silent: the page shows its own failure text. */
export function getContent(contentKey: string, signal?: AbortSignal, isCache = false): Promise<ContentItem> {
  const body = isCache ? { contentKey, isCache: true } : { contentKey };
  return api.post<ContentItem>('/api/site/getcontentdb', body, { silent: true, signal });
}

export const contentQueryOptions = (contentKey: string) =>
  queryOptions({
    queryKey: contentKeys.page(contentKey),
    queryFn: ({ signal }) => getContent(contentKey, signal),
    // Content pages change rarely; a 4xx (missing page, members only) will not change on retry.
    staleTime: 5 * 60 * 1000,
    retry: (failureCount, error) => (!(error instanceof ApiError) || error.status >= 500) && failureCount < 2,
  });

/** An empty key never reaches the server (spec §5: 'Invalid Key'). */
export function useContent(contentKey: string) {
  return useQuery({ ...contentQueryOptions(contentKey), enabled: contentKey.trim() !== '' });
}

/** Terms and privacy are loaded on demand, once per visit (spec §2, §7: isCache true). */
export function useCachedContent(contentKey: string, enabled: boolean) {
  return useQuery({
    queryKey: contentKeys.cached(contentKey),
    queryFn: ({ signal }) => getContent(contentKey, signal, true),
    enabled,
    staleTime: Infinity,
  });
}
