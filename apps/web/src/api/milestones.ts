import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Milestone,
  MilestonesResponse,
  ServiceAwardsAdminResponse,
  ServiceAwardsSettings,
  ServiceBreakRequest,
} from '@ovation/shared/schemas/milestones';
import { api } from '../lib/api-client.ts';

export const milestoneKeys = {
  all: ['milestones'] as const,
  list: () => ['milestones', 'list'] as const,
  one: (id: number) => ['milestones', id] as const,
  admin: () => ['milestones', 'admin'] as const,
};

/** GET /api/milestones: coming milestones of the member's team, reports and manager; their own once posted. */
export const useMilestones = () =>
  useQuery({
    queryKey: milestoneKeys.list(),
    queryFn: ({ signal }) => api.get<MilestonesResponse>('/api/milestones', { signal }),
  });

/** GET /api/milestones/:id: one card. */
export const useMilestone = (id: number | null) =>
  useQuery({
    queryKey: milestoneKeys.one(id ?? 0),
    queryFn: ({ signal }) => api.get<Milestone>(`/api/milestones/${id}`, { signal }),
    enabled: id !== null,
  });

/** The card as the server answers it after a change: into both reads. */
function useCardMutation(request: (vars: { id: number; message: string }) => Promise<Milestone>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (card) => {
      queryClient.setQueryData(milestoneKeys.one(card.milestoneId), card);
      void queryClient.invalidateQueries({ queryKey: milestoneKeys.list() });
    },
  });
}

/** POST /api/milestones/:id/card: sign (again: replace one's message). Refusals go to the form. */
export const useSignCard = () =>
  useCardMutation(({ id, message }) =>
    api.post<Milestone>(`/api/milestones/${id}/card`, { message }, { silent: true }),
  );

/** PUT /api/milestones/:id/message: the manager's message posted with the award. */
export const useMilestoneMessage = () =>
  useCardMutation(({ id, message }) =>
    api.put<Milestone>(`/api/milestones/${id}/message`, { message }, { silent: true }),
  );

/** GET /api/admin/awards/service: settings, breaks and what is coming (those who run programmes). */
export const useServiceAwardsAdmin = () =>
  useQuery({
    queryKey: milestoneKeys.admin(),
    queryFn: ({ signal }) => api.get<ServiceAwardsAdminResponse>('/api/admin/awards/service', { signal }),
  });

function useAdminMutation<V, T>(request: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: milestoneKeys.admin() }),
  });
}

export const useSaveServiceAwards = () =>
  useAdminMutation((settings: ServiceAwardsSettings) =>
    api.put<ServiceAwardsSettings>('/api/admin/awards/service', settings, { silent: true }),
  );

export const useAddServiceBreak = () =>
  useAdminMutation((body: ServiceBreakRequest) =>
    api.post<{ breakId: number }>('/api/admin/awards/service/breaks', body, { silent: true }),
  );

export const useRemoveServiceBreak = () =>
  useAdminMutation((breakId: number) => api.delete<void>(`/api/admin/awards/service/breaks/${breakId}`));
