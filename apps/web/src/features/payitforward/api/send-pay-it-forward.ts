import { useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type PayItForwardSendRequest,
  type SendResponse,
} from '@ovation/shared/schemas/recognition';
import { api } from '../../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';

/** POST /api/payitforward/send; the key makes a retry of the same transfer pay only once. */
export function sendPayItForward(body: PayItForwardSendRequest, idempotencyKey: string): Promise<SendResponse> {
  return api.post<SendResponse>('/api/payitforward/send', body, {
    silent: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useSendPayItForward() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: PayItForwardSendRequest) => keys.send(body, (key) => sendPayItForward(body, key)),
  });
}
