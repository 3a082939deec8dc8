import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { authTokenResponseSchema } from '@ovation/shared/schemas/auth';
import type { OidcCallbackRequest, OidcConfigResponse } from '@ovation/shared/schemas/oidc';
import { api, bearer } from '../lib/api-client.ts';

/** The browser navigates here (a full page load) to start single sign-on at the provider. */
export const OIDC_START_PATH = '/api/auth/oidc/start';

export const oidcKeys = { config: () => ['oidc', 'config'] as const };

/** GET /api/auth/oidc/config: whether single sign-on is on and the provider's name. */
export function getOidcConfig(signal?: AbortSignal): Promise<OidcConfigResponse> {
  return api.get<OidcConfigResponse>('/api/auth/oidc/config', { silent: true, signal });
}

/** POST /api/auth/oidc/callback. Silent: /welcometrfauth shows each refusal as a page. */
export function finishOidcSignIn(body: OidcCallbackRequest): Promise<z.infer<typeof authTokenResponseSchema>> {
  return api.post('/api/auth/oidc/callback', body, { silent: true });
}

/**
 * POST /api/auth/oidc/logout: the provider's sign-out URL when the session named by `token` came
 * from single sign-on, else null (also when it has ended already or the call fails: signing out
 * goes on). Asked before the session is revoked, which it needs.
 */
export async function providerSignOutUrl(token: string): Promise<string | null> {
  try {
    const res = await api.post<{ endSessionUrl: string | null }>(
      '/api/auth/oidc/logout',
      {},
      { silent: true, keepalive: true, headers: bearer(token) },
    );
    return res.endSessionUrl;
  } catch {
    return null;
  }
}

export function useOidcConfig() {
  return useQuery({
    queryKey: oidcKeys.config(),
    queryFn: ({ signal }) => getOidcConfig(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useFinishOidcSignIn() {
  return useMutation({ mutationFn: finishOidcSignIn });
}
