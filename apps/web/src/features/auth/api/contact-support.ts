import { useMutation } from '@tanstack/react-query';
import type { ContactSupportRequest } from '@ovation/shared/schemas/support';
import { api } from '../../../lib/api-client.ts';

/** POST /api/support/contact: a support request from someone who cannot sign in. */
export function contactSupport(body: ContactSupportRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/support/contact', body, { silent: true });
}

export function useContactSupport() {
  return useMutation({ mutationFn: contactSupport });
}
