import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  approvalsResponseSchema,
  AwardProgramme,
  AwardProgrammeInput,
  DecideNominationRequest,
  DecideNominationResponse,
  DelegationResponse,
  FundProgrammeResponse,
  myNominationsResponseSchema,
  NominateRequest,
  nominateResponseSchema,
} from '@ovation/shared/schemas/awards';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import { api } from '../lib/api-client.ts';
import { useIdempotencyKeys } from '../lib/idempotency.ts';
import { applyBalances } from './session.ts';
import { statementKeys } from './statements.ts';

export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;
export type MyNominations = z.infer<typeof myNominationsResponseSchema>;
export type NominateResponse = z.infer<typeof nominateResponseSchema>;

export const awardKeys = {
  all: ['awards'] as const,
  programmes: () => ['awards', 'programmes'] as const,
  adminProgrammes: () => ['awards', 'admin', 'programmes'] as const,
  mine: () => ['awards', 'mine'] as const,
  approvals: () => ['awards', 'approvals'] as const,
  delegate: () => ['awards', 'delegate'] as const,
};

const keyed = (key: string) => ({ silent: true, headers: { [IDEMPOTENCY_HEADER]: key } });

/** GET /api/awards/programmes: the programmes open for nominations today. */
export const useOpenProgrammes = () =>
  useQuery({
    queryKey: awardKeys.programmes(),
    queryFn: ({ signal }) => api.get<{ programmes: AwardProgramme[] }>('/api/awards/programmes', { signal }),
  });

/** GET /api/awards/nominations/mine: what the member nominated, and the awards they received. */
export const useMyNominations = () =>
  useQuery({
    queryKey: awardKeys.mine(),
    queryFn: ({ signal }) => api.get<MyNominations>('/api/awards/nominations/mine', { signal }),
  });

/** GET /api/awards/approvals: what waits for the member's decision (first 100). */
export const useApprovals = () =>
  useQuery({
    queryKey: awardKeys.approvals(),
    queryFn: ({ signal }) => api.get<ApprovalsResponse>('/api/awards/approvals?limit=100', { signal }),
  });

export const useDelegation = () =>
  useQuery({
    queryKey: awardKeys.delegate(),
    queryFn: ({ signal }) => api.get<DelegationResponse>('/api/awards/delegate', { signal }),
  });

/** POST /api/awards/nominations (keyed: a retry holds the points once). */
export function useNominate() {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NominateRequest) =>
      keys.send(body, (key) => api.post<NominateResponse>('/api/awards/nominations', body, keyed(key))),
    onSuccess: (response) => {
      applyBalances(queryClient, response.balances);
      void queryClient.invalidateQueries({ queryKey: awardKeys.all });
    },
  });
}

/** POST a decision or a withdrawal; each nomination's decision has its own key. */
export function useDecide() {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DecideNominationRequest | null }) => {
      const path = body ? `/api/awards/nominations/${id}/decision` : `/api/awards/nominations/${id}/withdraw`;
      const sent = { id, body };
      return keys.send(sent, (key) => api.post<DecideNominationResponse>(path, body ?? {}, keyed(key)));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: awardKeys.all });
      void queryClient.invalidateQueries({ queryKey: statementKeys.all });
    },
  });
}

export function useSetDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { delegateId: number | null; until?: string }) =>
      api.put<DelegationResponse>('/api/awards/delegate', body, { silent: true }),
    onSuccess: (data) => queryClient.setQueryData(awardKeys.delegate(), data),
  });
}

/** Programmes for those who run them (manageAwards). */
export const useAdminProgrammes = () =>
  useQuery({
    queryKey: awardKeys.adminProgrammes(),
    queryFn: ({ signal }) => api.get<{ programmes: AwardProgramme[] }>('/api/admin/awards/programmes', { signal }),
  });

export function useSaveProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AwardProgrammeInput }) =>
      id === null
        ? api.post<AwardProgramme>('/api/admin/awards/programmes', body, { silent: true })
        : api.put<AwardProgramme>(`/api/admin/awards/programmes/${id}`, body, { silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: awardKeys.all }),
  });
}

export function useFundProgramme() {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, points }: { id: number; points: number }) =>
      keys.send({ id, points }, (key) =>
        api.post<FundProgrammeResponse>(`/api/admin/awards/programmes/${id}/fund`, { points }, keyed(key)),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: awardKeys.all }),
  });
}
