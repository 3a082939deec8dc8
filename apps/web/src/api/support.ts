import { useMutation } from '@tanstack/react-query';
import type { ContactSupportRequest, ContactUsRequest } from '@ovation/shared/schemas/support';
import { api } from '../lib/api-client.ts';

/** POST /api/support/contact: a support request from someone who cannot sign in. */
export function contactSupport(body: ContactSupportRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/support/contact', body, { silent: true });
}

/** POST /api/site/contactus: a signed-in member's message; name and e-mail come from the profile. */
export function contactUs(body: ContactUsRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/site/contactus', body, { silent: true });
}

export function useContactSupport() {
  return useMutation({ mutationFn: contactSupport });
}

export function useContactUs() {
  return useMutation({ mutationFn: contactUs });
}
