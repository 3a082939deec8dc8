import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { GetToKnowCard } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';

export const getToKnowKeys = { search: (query: string) => ['gettoknow', 'search', query] as const };

export interface GetToKnowPage {
  members: GetToKnowCard[];
  hasMore: boolean;
}

/** POST /api/gettoknow/search { query, page } → a page of colleagues' cards. */
export function searchGetToKnow(query: string, page: number, signal?: AbortSignal): Promise<GetToKnowPage> {
  return api.post<GetToKnowPage>('/api/gettoknow/search', { query, page }, { signal });
}

export const getToKnowQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: getToKnowKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchGetToKnow(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastPage) => (last.hasMore ? lastPage + 1 : undefined),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

export function useGetToKnowSearch(query: string) {
  return useInfiniteQuery(getToKnowQueryOptions(query));
}
