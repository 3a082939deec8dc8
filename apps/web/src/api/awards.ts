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
import { api } from '../lib/api-client.ts';
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';

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
export const useNominate = () =>
  useMoneyMutation('nomination', {
    request: (body: NominateRequest) => moneyRequest<NominateResponse>('/api/awards/nominations', body),
  });

/** POST a decision (a body) or a withdrawal (null); each nomination's decision has its own key. */
export const useDecide = () =>
  useMoneyMutation('awardDecision', {
    request: ({ id, body }: { id: number; body: DecideNominationRequest | null }) =>
      body
        ? moneyRequest<DecideNominationResponse>(`/api/awards/nominations/${id}/decision`, body)
        : moneyRequest<DecideNominationResponse>(`/api/awards/nominations/${id}/withdraw`),
  });

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

export const useFundProgramme = () =>
  useMoneyMutation('awardFunding', {
    request: ({ id, points }: { id: number; points: number }) =>
      moneyRequest<FundProgrammeResponse>(`/api/admin/awards/programmes/${id}/fund`, { points }),
  });
