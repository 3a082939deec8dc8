import { useMutation } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@ovation/shared/schemas/profile';
import type { LoadSessionResponse } from '@ovation/shared/schemas/session';
import { api } from '../lib/api-client.ts';

export interface UploadPictureResponse {
  profilePicId: string;
  profilePicSfx: string;
}

/** PUT /api/profile: answers with the whole new session so the app sees the completed profile. */
export function updateProfile(body: UpdateProfileRequest): Promise<LoadSessionResponse> {
  return api.put<LoadSessionResponse>('/api/profile', body, { silent: true });
}

/** POST /api/profile/picture as multipart field 'picture'; the server re-checks type and size. */
export function uploadPicture(file: File): Promise<UploadPictureResponse> {
  const form = new FormData();
  form.append('picture', file);
  return api.upload<UploadPictureResponse>('/api/profile/picture', form, { silent: true });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}

export function useUploadPicture() {
  return useMutation({ mutationFn: uploadPicture });
}
