import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateIntegrationTokenRequest,
  IntegrationToken,
  IntegrationTokensResponse,
  IssuedIntegrationToken,
  LeaversSettings,
} from '@ovation/shared/schemas/integrations';
import { api } from '../lib/api-client.ts';

/**
 * The Integrations screen's tokens (issue 42, decision 0110): report administrators make, rotate
 * and revoke them. A made or rotated token's secret is in that one answer only: it is handed to
 * the screen and never put in the query cache. And the `leavers` setting (decision 0111): what
 * happens to the points of a member who leaves.
 */
export const integrationKeys = {
  all: ['integrations'] as const,
  tokens: () => ['integrations', 'tokens'] as const,
  leavers: () => ['integrations', 'leavers'] as const,
};

const TOKENS_PATH = '/api/admin/integrations/tokens';

/** GET /api/admin/integrations/tokens: every token, live first. */
export const getIntegrationTokens = (signal?: AbortSignal) =>
  api.get<IntegrationTokensResponse>(TOKENS_PATH, { signal });

/** POST /api/admin/integrations/tokens: a new token and its secret. Refusals go to the form. */
export const createIntegrationToken = (body: CreateIntegrationTokenRequest) =>
  api.post<IssuedIntegrationToken>(TOKENS_PATH, body, { silent: true });

/** POST /api/admin/integrations/tokens/:tokenId/rotate: a new secret; the old one stops at once. */
export const rotateIntegrationToken = (tokenId: number) =>
  api.post<IssuedIntegrationToken>(`${TOKENS_PATH}/${tokenId}/rotate`, {}, { silent: true });

/** POST /api/admin/integrations/tokens/:tokenId/revoke: the token is refused from now on (409 if it already was). */
export const revokeIntegrationToken = (tokenId: number) =>
  api.post<IntegrationToken>(`${TOKENS_PATH}/${tokenId}/revoke`, {}, { silent: true });

export const useIntegrationTokens = () =>
  useQuery({
    queryKey: integrationKeys.tokens(),
    queryFn: ({ signal }) => getIntegrationTokens(signal),
  });

/** A change to the tokens: the list is read again once it is answered or refused (a 409 means it changed). */
function useTokenMutation<V, T>(request: (vars: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.tokens() }),
  });
}

export const useCreateIntegrationToken = () => useTokenMutation(createIntegrationToken);
export const useRotateIntegrationToken = () => useTokenMutation(rotateIntegrationToken);
export const useRevokeIntegrationToken = () => useTokenMutation(revokeIntegrationToken);

const LEAVERS_PATH = '/api/admin/integrations/leavers';

/** GET /api/admin/integrations/leavers: what happens to a leaver's points (kept some days, forfeited or paid out). */
export const getLeaversSettings = (signal?: AbortSignal) => api.get<LeaversSettings>(LEAVERS_PATH, { signal });

/** PUT /api/admin/integrations/leavers: the setting saved, as the server keeps it. Refusals go to the form. */
export const saveLeaversSettings = (body: LeaversSettings) =>
  api.put<LeaversSettings>(LEAVERS_PATH, body, { silent: true });

export const useLeaversSettings = () =>
  useQuery({
    queryKey: integrationKeys.leavers(),
    queryFn: ({ signal }) => getLeaversSettings(signal),
  });

/** Saves the setting; the cache takes the saved value the server answers. */
export function useSaveLeaversSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLeaversSettings,
    onSuccess: (saved) => queryClient.setQueryData(integrationKeys.leavers(), saved),
  });
}
