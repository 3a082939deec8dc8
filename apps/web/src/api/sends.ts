import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type High5SendRequest,
  type PayItForwardAllowance,
  type PayItForwardSendRequest,
  type RecognitionSendRequest,
  type SendResponse,
} from '@ovation/shared/schemas/recognition';
import { api } from '../lib/api-client.ts';
import { useIdempotencyKeys } from '../lib/idempotency.ts';
import { myRecognitionKeys } from './myrecognition.ts';
import { applyBalances } from './session.ts';
import { statementKeys } from './statements.ts';

/** The three sends and their endpoints. */
export const SEND_PATHS = {
  recognition: '/api/recognition/send',
  high5: '/api/high5/send',
  payItForward: '/api/payitforward/send',
} as const;

const PAY_IT_FORWARD_ALLOWANCE = ['payitforward', 'allowance'] as const;

/** GET /api/payitforward/allowance: the daily cap, what the member gave today and what is left. */
export const usePayItForwardAllowance = () =>
  useQuery({
    queryKey: PAY_IT_FORWARD_ALLOWANCE,
    queryFn: ({ signal }) => api.get<PayItForwardAllowance>('/api/payitforward/allowance', { silent: true, signal }),
  });

/** POST a send; the key makes a retry of the same submission post and pay only once. */
export function postSend(path: string, body: unknown, idempotencyKey: string): Promise<SendResponse> {
  return api.post<SendResponse>(path, body, { silent: true, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/**
 * What a send changes in the browser, from the server's answer alone: the sender's balances
 * go into the cached session (header, Home, forms), and My Recognition and the statements
 * (and what is left to pay forward today) are fetched again when next shown. The Kudos Thread
 * follows the live feed; nothing else moved.
 */
export function afterSend(queryClient: QueryClient, response: SendResponse): void {
  applyBalances(queryClient, response.balances);
  void queryClient.invalidateQueries({ queryKey: myRecognitionKeys.all() });
  void queryClient.invalidateQueries({ queryKey: statementKeys.all });
  void queryClient.invalidateQueries({ queryKey: PAY_IT_FORWARD_ALLOWANCE });
}

function useSend<Body>(path: string) {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => keys.send(body, (key) => postSend(path, body, key)),
    onSuccess: (response) => afterSend(queryClient, response),
  });
}

/** POST /api/recognition/send: one or several colleagues, a behaviour, team points (managers). */
export const useSendRecognition = () => useSend<RecognitionSendRequest>(SEND_PATHS.recognition);
/** POST /api/high5/send: a note of appreciation; no points move. */
export const useSendHigh5 = () => useSend<High5SendRequest>(SEND_PATHS.high5);
/** POST /api/payitforward/send: part of the sender's own points to a colleague. */
export const useSendPayItForward = () => useSend<PayItForwardSendRequest>(SEND_PATHS.payItForward);
