import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@ovation/shared/schemas/notifications';
import { api } from '../lib/api-client.ts';

export const preferencesKeys = { mine: () => ['preferences'] as const };

/** GET /api/profile/preferences: e-mail per kind, the weekly digest, Celebrations privacy. */
export function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return api.get<Preferences>('/api/profile/preferences', { signal });
}

/** PUT /api/profile/preferences: all choices at once; answers with what was saved. */
export function savePreferences(body: Preferences): Promise<Preferences> {
  return api.put<Preferences>('/api/profile/preferences', body, { silent: true });
}

export function usePreferences() {
  return useQuery({ queryKey: preferencesKeys.mine(), queryFn: ({ signal }) => getPreferences(signal) });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesKeys.mine(), saved),
  });
}
