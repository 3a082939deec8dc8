import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeRequest, UnsubscribeResponse } from '@ovation/shared/schemas/notifications';
import { api } from '../lib/api-client.ts';

/** POST /api/notifications/unsubscribe (anonymous): the digest e-mail's signed link. */
export function unsubscribe(body: UnsubscribeRequest): Promise<UnsubscribeResponse> {
  return api.post<UnsubscribeResponse>('/api/notifications/unsubscribe', body, { silent: true });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
