import { useDeferredValue } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A query whose newly arrived data renders in a render React can interrupt (decision 0065).
 *
 * TanStack Query hands results to React through `useSyncExternalStore`, whose updates always
 * render at once, in one task: when Home's reads land together, every section they feed is built
 * in a long task that holds the main thread (issue 14's Lighthouse TBT). Deferring the data lets
 * React build those sections in slices of a few milliseconds between other work. Until the
 * deferred render is done the caller sees the query as it was — still pending when it had no data,
 * the previous data otherwise — so skeletons and states stay consistent. Data already in the cache
 * when the component mounts (a stored copy, a read made before) renders at once.
 */
export function useDeferredQuery<TData, TError>(query: UseQueryResult<TData, TError>): UseQueryResult<TData, TError> {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  if (data !== undefined) return { ...query, data } as UseQueryResult<TData, TError>;
  // The first data is on its way into the page: still loading, as far as the screen is concerned.
  return {
    ...query,
    data: undefined,
    error: null,
    status: 'pending',
    isPending: true,
    isLoading: query.isFetching,
    isSuccess: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    isPlaceholderData: false,
  } as UseQueryResult<TData, TError>;
}
