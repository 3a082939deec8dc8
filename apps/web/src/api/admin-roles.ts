import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleChange, RoleGrantInput, RoleHolder, RolesResponse } from '@ovation/shared/schemas/admin-roles';
import { api } from '../lib/api-client.ts';

export const adminRoleKeys = {
  all: () => ['admin', 'roles'] as const,
  list: (q: string) => ['admin', 'roles', q] as const,
};

/** GET /api/admin/roles?q: role and flag holders (or every member matching q) and the latest changes. */
export function getRoles(q: string, signal?: AbortSignal) {
  const query = q ? `?q=${encodeURIComponent(q)}` : '';
  return api.get<RolesResponse>(`/api/admin/roles${query}`, { silent: true, signal });
}

/** PUT /api/admin/roles/{memberId}: report administrators only. */
export function putRoles(memberId: number, grant: RoleGrantInput) {
  return api.put<{ member: RoleHolder; change: RoleChange | null }>(`/api/admin/roles/${memberId}`, grant);
}

export function useRoles(q: string) {
  return useQuery({
    queryKey: adminRoleKeys.list(q),
    queryFn: ({ signal }) => getRoles(q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChangeRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, grant }: { memberId: number; grant: RoleGrantInput }) => putRoles(memberId, grant),
    onSettled: () => client.invalidateQueries({ queryKey: adminRoleKeys.all() }),
  });
}
