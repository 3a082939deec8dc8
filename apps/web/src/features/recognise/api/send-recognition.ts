import { useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type RecognitionSendRequest,
  type SendResponse,
} from '@ovation/shared/schemas/recognition';
import { api } from '../../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency.ts';

/** POST /api/recognition/send; the key makes a retry of the same submission pay only once. */
export function sendRecognition(body: RecognitionSendRequest, idempotencyKey: string): Promise<SendResponse> {
  return api.post<SendResponse>('/api/recognition/send', body, {
    silent: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

export function useSendRecognition() {
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (body: RecognitionSendRequest) => keys.send(body, (key) => sendRecognition(body, key)),
  });
}
