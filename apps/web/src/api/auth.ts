import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ChangePasswordRequest,
  LoginRequest,
  loginResponseSchema,
  ResetPassword,
  ResetRequest,
  TotpEnrolment,
  TotpLoginRequest,
  TotpManageRequest,
  TotpStatus,
} from '@ovation/shared/schemas/auth';
import type { ActivateRegistration, RegisterRequest } from '@ovation/shared/schemas/registration';
import { api, bearer } from '../lib/api-client.ts';

export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/login. Silent: the form shows a wrong password or a lockout itself. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/login', body, { silent: true });
}

/** POST /api/auth/register: asks for an activation link (the answer is the same whatever matched). */
export function register(body: RegisterRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/register', body, { silent: true });
}

/** POST /api/auth/register/activate: sets the first password with the e-mailed link's token. */
export function activateRegistration(body: ActivateRegistration): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/register/activate', body, { silent: true });
}

/** POST /api/auth/reset-request: answers with the same neutral message for any address. */
export function requestPasswordReset(body: ResetRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/reset-request', body, { silent: true });
}

/** POST /api/auth/reset: sets a new password with the single-use token from the e-mail. */
export function resetPassword(body: ResetPassword): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/reset', body, { silent: true });
}

/**
 * POST /api/auth/logout: ends the server session named by `token`. The login data is cleared
 * before it is sent (so the token travels in the header, not from storage), and the request
 * outlives the page.
 */
export function logout(token: string): Promise<unknown> {
  return api.post('/api/auth/logout', {}, { silent: true, keepalive: true, headers: bearer(token) });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useActivateRegistration() {
  return useMutation({ mutationFn: activateRegistration });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** POST /api/auth/change-password: needs the current password; other sessions are signed out. */
export function changePassword(body: ChangePasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/change-password', body, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** POST /api/auth/login/totp: finishes a sign-in challenge with the app's code or a recovery code. */
export function loginWithTotp(body: TotpLoginRequest): Promise<{ authToken: string }> {
  return api.post<{ authToken: string }>('/api/auth/login/totp', body, { silent: true });
}

export function useLoginWithTotp() {
  return useMutation({ mutationFn: loginWithTotp });
}

/** GET /api/auth/totp: whether the second factor is offered to this member, and whether it is on. */
export function useTotpStatus() {
  return useQuery({ queryKey: ['auth', 'totp'], queryFn: () => api.get<TotpStatus>('/api/auth/totp') });
}

/** POST /api/auth/totp/enrol: a new secret and its QR code (needs the current password). */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: (body: { currentPassword: string }) =>
      api.post<TotpEnrolment>('/api/auth/totp/enrol', body, { silent: true }),
  });
}

/** POST /api/auth/totp/confirm: turns the second factor on; answers the recovery codes once. */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string }) =>
      api.post<{ recoveryCodes: string[] }>('/api/auth/totp/confirm', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['auth', 'totp'] }),
  });
}

/** POST /api/auth/totp/recovery-codes: new recovery codes replace the old ones; answered once. */
export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (body: TotpManageRequest) =>
      api.post<{ recoveryCodes: string[] }>('/api/auth/totp/recovery-codes', body, { silent: true }),
  });
}

/** POST /api/auth/totp/disable: turns the second factor off. */
export function useTurnOffTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpManageRequest) =>
      api.post<{ message: string }>('/api/auth/totp/disable', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['auth', 'totp'] }),
  });
}
