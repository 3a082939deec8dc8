import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataTable, KudosItem } from '@ovation/shared/schemas/feed';
import { api } from '../../../lib/api-client.ts';
import { toRecords } from '../../../lib/data-table.ts';
import { KUDOS_QUERY_KEY, type KudosData } from './kudos.ts';
import { applyServerItem, findKudosItem, flipReaction, updateKudosItem, type ReactNum } from './reactions.ts';

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
export function useReactToKudos(messageLogId: number) {
  const client = useQueryClient();
  const setItem = (update: (item: KudosItem) => KudosItem) =>
    client.setQueryData<KudosData>(KUDOS_QUERY_KEY, (data) => updateKudosItem(data, messageLogId, update));

  return useMutation({
    mutationFn: reactToKudos,
    scope: { id: `kudos-react-${messageLogId}` },
    onMutate: async ({ reactNum }) => {
      await client.cancelQueries({ queryKey: KUDOS_QUERY_KEY });
      const before = findKudosItem(client.getQueryData<KudosData>(KUDOS_QUERY_KEY), messageLogId);
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
  });
}
