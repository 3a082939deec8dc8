import { useMutation } from '@tanstack/react-query';
import type { ResetRequest } from '@ovation/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-request: answers with the same neutral message for any address. */
export function requestPasswordReset(body: ResetRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/reset-request', body, { silent: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
