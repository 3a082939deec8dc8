import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_CACHE_MS } from '@ovation/shared/constants';
import type { HomeData } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';
import { useDeferredQuery } from '../lib/deferred-query.ts';
import { readHomeCache, writeHomeCache } from './home-cache.ts';

/** Whose home data it is (the member's e-mail): another member on this tab must not see it. */
export const homeDataKeys = { forOwner: (owner: string) => ['homeData', owner] as const };

/** POST /api/site/gethomedata (spec §7). Silent: the Connect-with card says it failed. */
export async function getHomeData(owner: string, signal?: AbortSignal): Promise<HomeData> {
  const data = await api.post<HomeData>('/api/site/gethomedata', {}, { silent: true, signal });
  writeHomeCache(data, owner);
  return data;
}

/**
 * Kept for 5 minutes in session storage (spec §4): a reload within that time starts from the
 * stored copy (initialData, with its real age) and does not call the server.
 */
export const homeDataQueryOptions = (owner: string) =>
  queryOptions({
    queryKey: homeDataKeys.forOwner(owner),
    queryFn: ({ signal }) => getHomeData(owner, signal),
    staleTime: HOME_CACHE_MS,
    initialData: () => readHomeCache(owner)?.data,
    initialDataUpdatedAt: () => readHomeCache(owner)?.savedAt,
  });

export function useHomeData(owner: string) {
  return useDeferredQuery(useQuery(homeDataQueryOptions(owner)));
}
