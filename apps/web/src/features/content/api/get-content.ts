import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@ovation/shared/schemas/content';
import { api, ApiError } from '../../../lib/api-client.ts';

/** POST /api/site/getcontentdb (spec §7). Silent: the page shows its own failure text. */
export function getContent(contentKey: string, signal?: AbortSignal): Promise<ContentItem> {
  return api.post<ContentItem>('/api/site/getcontentdb', { contentKey }, { silent: true, signal });
}

export const contentQueryOptions = (contentKey: string) =>
  queryOptions({
    queryKey: ['content', contentKey.toLowerCase()],
    queryFn: ({ signal }) => getContent(contentKey, signal),
    // Content pages change rarely; a 4xx (missing page, members only) will not change on retry.
    staleTime: 5 * 60 * 1000,
    retry: (failureCount, error) => (!(error instanceof ApiError) || error.status >= 500) && failureCount < 2,
  });

/** An empty key never reaches the server (spec §5: 'Invalid Key'). */
export function useContent(contentKey: string) {
  return useQuery({ ...contentQueryOptions(contentKey), enabled: contentKey.trim() !== '' });
}
