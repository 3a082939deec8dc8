import {
  infiniteQueryOptions,
  isCancelledError,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { KUDOS_FIRST_PAGE } from '@ovation/shared/constants';
import type { DataTable, KudosItem, ShoutOutListResponse } from '@ovation/shared/schemas/feed';
import { api } from '../lib/api-client.ts';
import { toRecords } from '../lib/data-table.ts';
import {
  applyLiveCounts,
  applyServerItem,
  findKudosItem,
  flipReaction,
  updateKudosItem,
  type ReactNum,
} from './kudos-reactions.ts';
import type { KudosData, KudosPage, KudosPageParam } from './kudos-pages.ts';

export const kudosKeys = {
  all: ['kudos'] as const,
  thread: () => ['kudos', 'thread'] as const,
};

export type { KudosData, KudosPage, KudosPageParam } from './kudos-pages.ts';

/** POST /api/shoutouts/ShoutOutList { page, anchor } → the table as Kudos records. */
export async function getKudosPage(param: KudosPageParam, signal?: AbortSignal): Promise<KudosPage> {
  const res = await api.post<ShoutOutListResponse>('/api/shoutouts/ShoutOutList', param, { silent: true, signal });
  return { items: toRecords<KudosItem>(res.shoutOuts), hasMore: res.hasMore === true };
}

export const kudosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: kudosKeys.thread(),
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

/**
 * Shows the newest kudos: only page 1 is fetched again, with a new anchor for the pages after it.
 * It loads behind the items on screen, which stay (with the focus among them) until it replaces
 * them; a reset would have put the thread back to its loading skeleton on every live event.
 */
export async function refreshKudosThread(client: QueryClient): Promise<void> {
  // A load under way may have read the thread before the new kudos: start again.
  await client.cancelQueries({ queryKey: kudosKeys.thread() });
  refreshing.set(client, (refreshing.get(client) ?? 0) + 1);
  try {
    await client.infiniteQuery({ ...kudosQueryOptions(), pages: 1, staleTime: 0 });
  } catch (error) {
    // The items on screen stay; the next live event or visit tries again.
    if (!isCancelledError(error)) console.warn('The Kudos Thread could not be refreshed', error);
  } finally {
    refreshing.set(client, (refreshing.get(client) ?? 1) - 1);
  }
}

/** Refreshes under way, per query client: a reaction that cancels one owes it (`refreshOwed`). */
const refreshing = new WeakMap<QueryClient, number>();
const refreshOwed = new WeakSet<QueryClient>();

/** Another member's reaction pushed live: its counts and names replace the item's (own flags stay). */
export function applyLiveReaction(client: QueryClient, live: Partial<KudosItem> & { messageLogId: number }): void {
  client.setQueryData<KudosData>(kudosKeys.thread(), (d) =>
    updateKudosItem(d, live.messageLogId, (item) => applyLiveCounts(item, live)),
  );
}

export interface ReactVariables {
  messageLogId: number;
  reactNum: ReactNum;
  /** True when the member's reaction of this kind is active: the click withdraws it. */
  isRedactReact: boolean;
}

/** POST /api/shoutouts/ShoutOutReact → `shoutOuts` holding exactly the updated item. */
export async function reactToKudos(vars: ReactVariables): Promise<KudosItem | undefined> {
  const res = await api.post<{ shoutOuts: DataTable }>('/api/shoutouts/ShoutOutReact', vars);
  return toRecords<KudosItem>(res.shoutOuts)[0];
}

/**
 * Spec §4: the flag flips at once (optimistic), then the server's answer replaces counts,
 * flags, names and mins. Clicks on one item run one after another (scope), so a quick
 * react-then-withdraw reaches the server in the order it was made.
 */
const isKudosReaction = (mutation: { options: { scope?: { id: string } } }) =>
  mutation.options.scope?.id.startsWith('kudos-react-') === true;

export function useReactToKudos(messageLogId: number) {
  const client = useQueryClient();
  const setItem = (update: (item: KudosItem) => KudosItem) =>
    client.setQueryData<KudosData>(kudosKeys.thread(), (data) => updateKudosItem(data, messageLogId, update));

  return useMutation({
    mutationFn: reactToKudos,
    scope: { id: `kudos-react-${messageLogId}` },
    onMutate: async ({ reactNum }) => {
      // A load now could overwrite the flip: cancel it, and fetch the newest kudos again after.
      if ((refreshing.get(client) ?? 0) > 0) refreshOwed.add(client);
      await client.cancelQueries({ queryKey: kudosKeys.thread() });
      const before = findKudosItem(client.getQueryData<KudosData>(kudosKeys.thread()), messageLogId);
      setItem((item) => flipReaction(item, reactNum));
      return { before };
    },
    onSuccess: (server) => {
      if (server) setItem((item) => applyServerItem(item, server));
    },
    onError: (_error, _vars, context) => {
      // The api client has already told the member; show the item as it was.
      const before = context?.before;
      if (before) setItem((item) => applyServerItem(item, before));
    },
    onSettled: () => {
      // New kudos were on their way when the click cancelled their load: fetch them now, once
      // no other reaction waits for its answer (this one still counts while its callbacks run).
      if (refreshOwed.has(client) && client.isMutating({ predicate: isKudosReaction }) <= 1) {
        refreshOwed.delete(client);
        void refreshKudosThread(client);
      }
    },
  });
}
