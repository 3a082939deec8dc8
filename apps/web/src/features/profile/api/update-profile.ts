import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/profile: answers with the whole new session so the app sees the completed profile. */
export function updateProfile(body: UpdateProfileRequest): Promise<LoadSessionResponse> {
  return api.put<LoadSessionResponse>('/api/profile', body, { silent: true });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
