import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { memberSearchRequestSchema, memberSearchResultSchema } from '@ovation/shared/schemas/recognition';
import { api } from '../lib/api-client.ts';

export type MemberSearchRequest = z.input<typeof memberSearchRequestSchema>;
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;
interface MemberSearchResponse {
  members: MemberSearchResult[];
}

export const memberKeys = {
  searches: () => ['members', 'search'] as const,
  search: (body: MemberSearchRequest) => ['members', 'search', body] as const,
};

/** POST /api/members/search: colleagues by name or division, a manager's team, or by id. */
export async function searchMembers(body: MemberSearchRequest, signal?: AbortSignal): Promise<MemberSearchResult[]> {
  const res = await api.post<MemberSearchResponse>('/api/members/search', body, { silent: true, signal });
  return res.members;
}

export const memberSearchOptions = (body: MemberSearchRequest) =>
  queryOptions({
    queryKey: memberKeys.search(body),
    queryFn: ({ signal }) => searchMembers(body, signal),
    staleTime: 60_000,
  });

/** Search results for the picker; the previous list stays while the next one loads. */
export function useMemberSearch(query: string, enabled = true, country?: string) {
  return useQuery({
    ...memberSearchOptions({ query: query.trim(), teamOnly: false, limit: 20, ...(country ? { country } : {}) }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The names of members known only by id (a preselected colleague from the URL). */
export function useMembersById(memberIds: readonly number[], country?: string) {
  const ids = [...memberIds].sort((a, b) => a - b);
  return useQuery({
    ...memberSearchOptions({ query: '', memberIds: ids, limit: 50, ...(country ? { country } : {}) }),
    enabled: ids.length > 0,
  });
}
