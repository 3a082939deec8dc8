import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@ovation/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/register: a member already in the member database claims their account. */
export function register(body: RegisterRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/register', body, { silent: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
