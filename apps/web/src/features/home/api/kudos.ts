import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { KUDOS_FIRST_PAGE } from '@ovation/shared/constants';
import type { KudosItem, ShoutOutListResponse } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';
import { toRecords } from '../../../lib/data-table.ts';

export const KUDOS_QUERY_KEY = ['kudos', 'thread'] as const;
export const ERROR_KUDOS = 'Error retrieving Shoutout data';

export interface KudosPage {
  items: KudosItem[];
  hasMore: boolean;
}
export interface KudosPageParam {
  page: number;
  /** messageLogId of page 1's first item: later pages count from it (stable paging). */
  anchor?: number;
}
export type KudosData = InfiniteData<KudosPage, KudosPageParam>;

/** POST /api/shoutouts/ShoutOutList { page, anchor } → the table as Kudos records. */
export async function getKudosPage(param: KudosPageParam, signal?: AbortSignal): Promise<KudosPage> {
  const res = await api.post<ShoutOutListResponse>('/api/shoutouts/ShoutOutList', param, { silent: true, signal });
  return { items: toRecords<KudosItem>(res.shoutOuts), hasMore: res.hasMore === true };
}

export const kudosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: KUDOS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getKudosPage(pageParam, signal),
    initialPageParam: { page: KUDOS_FIRST_PAGE } as KudosPageParam,
    getNextPageParam: (last, pages, lastParam): KudosPageParam | undefined =>
      last.hasMore
        ? { page: lastParam.page + 1, anchor: lastParam.anchor ?? pages[0]?.items[0]?.messageLogId }
        : undefined,
    // Live events keep the thread fresh (page 1 reloads on new kudos); refetching every
    // loaded page behind the reader would only shuffle what they are reading.
    staleTime: Infinity,
    // Leaving Home drops the pages: coming back starts at a fresh page 1.
    gcTime: 0,
  });

export function useKudos() {
  return useInfiniteQuery(kudosQueryOptions());
}
