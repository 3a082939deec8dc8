import { useMutation } from '@tanstack/react-query';
import type { ResetPassword } from '@ovation/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset: sets a new password with the single-use token from the e-mail. */
export function resetPassword(body: ResetPassword): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/reset', body, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
