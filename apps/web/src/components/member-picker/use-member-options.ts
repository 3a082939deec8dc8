import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { ComboboxItem } from '@mantine/core';
import { useMemberSearch, useMembersById, type MemberSearchResult } from '../../api/members.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The options of a colleague picker: the server's matches for the (debounced) search text,
 * plus the colleagues already chosen, so their names stay on the pills whatever the search
 * shows. Colleagues chosen only by id (a link like /recognise/123) are looked up by id.
 */
export function useMemberOptions(value: readonly number[], search: string, country?: string) {
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<MemberSearchResult[]>([]);
  const results = useMemberSearch(debounced, true, country);
  const unknownIds = value.filter((id) => !picked.some((m) => m.memberId === id));
  const lookup = useMembersById(unknownIds, country);

  const byId = new Map<number, MemberSearchResult>();
  for (const m of [...(lookup.data ?? []), ...(results.data ?? []), ...picked]) byId.set(m.memberId, m);

  const item = (id: number): ComboboxItem<number> => ({ value: id, label: byId.get(id)?.memberName ?? 'Colleague' });
  const ids = new Set<number>([...value, ...(results.data ?? []).map((m) => m.memberId)]);
  const data = [...ids].map(item);

  /** Keeps the chosen colleagues' details (call it from the change handler). */
  const remember = (ids: readonly number[], extra: readonly MemberSearchResult[] = []) => {
    const known = new Map(byId);
    for (const m of extra) known.set(m.memberId, m);
    const members = ids.flatMap((id) => known.get(id) ?? []);
    setPicked(members);
    return members;
  };

  return {
    data,
    byId,
    remember,
    /**
     * Chosen ids the server does not offer here (oneself, someone who has left, outside the
     * picker's country): a link like /recognise/123 named them. The picker drops them.
     */
    unavailable: lookup.isSuccess ? unknownIds.filter((id) => !byId.has(id)) : [],
    isSearching: results.isFetching || search !== debounced,
    searchError: results.error,
    /** What the open list says when it offers no one: searching, a failed search, or no match. */
    emptyMessage:
      results.error && !results.isFetching
        ? 'Colleagues could not be searched. Please try again.'
        : results.isFetching || search !== debounced
          ? 'Searching…'
          : 'No colleagues match',
  };
}
