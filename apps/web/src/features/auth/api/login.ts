import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginRequest, loginResponseSchema } from '@ovation/shared/schemas/auth';
import { api } from '../../../lib/api-client.ts';

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/login. Silent: the form shows a wrong password or a lockout itself. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body, { silent: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
