import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type High5SendRequest, type SendResponse } from '@ovation/shared/schemas/recognition';
import { api } from '../../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';

/** POST /api/high5/send; the key makes a retry of the same note post only once. */
export function sendHigh5(body: High5SendRequest, idempotencyKey: string): Promise<SendResponse> {
  return api.post<SendResponse>('/api/high5/send', body, {
    silent: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useSendHigh5() {
  const keys = useIdempotencyKeys();
  return useMutation({ mutationFn: (body: High5SendRequest) => keys.send(body, (key) => sendHigh5(body, key)) });
}
