import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface UploadPictureResponse {
  profilePicId: string;
  profilePicSfx: string;
}

/** POST /api/profile/picture as multipart field 'picture'; the server re-checks type and size. */
export function uploadPicture(file: File): Promise<UploadPictureResponse> {
  const form = new FormData();
  form.append('picture', file);
  return api.upload<UploadPictureResponse>('/api/profile/picture', form, { silent: true });
}

export function useUploadPicture() {
  return useMutation({ mutationFn: uploadPicture });
}
