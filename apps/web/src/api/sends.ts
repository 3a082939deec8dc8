import { useQuery } from '@tanstack/react-query';
import type {
  High5SendRequest,
  PayItForwardAllowance,
  PayItForwardSendRequest,
  RecognitionSendRequest,
  SendResponse,
} from '@ovation/shared/schemas/recognition';
import { api } from '../lib/api-client.ts';
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';

/** The three sends and their endpoints. */
export const SEND_PATHS = {
  recognition: '/api/recognition/send',
  high5: '/api/high5/send',
  payItForward: '/api/payitforward/send',
} as const;

/** GET /api/payitforward/allowance: the daily cap, what the member gave today and what is left. */
export const usePayItForwardAllowance = () =>
  useQuery({
    queryKey: ['payitforward', 'allowance'],
    queryFn: ({ signal }) => api.get<PayItForwardAllowance>('/api/payitforward/allowance', { silent: true, signal }),
  });

/**
 * A send: the sender's balances from the answer go into the cached session (header, Home,
 * forms), and My Recognition, the statements and what is left to pay forward today are read
 * again when next shown (money/stale.ts, `send`). The Kudos Thread follows the live feed.
 */
const useSend = <Body>(path: string) =>
  useMoneyMutation('send', { request: (body: Body) => moneyRequest<SendResponse>(path, body) });

/** POST /api/recognition/send: one or several colleagues, a behaviour, team points (managers). */
export const useSendRecognition = () => useSend<RecognitionSendRequest>(SEND_PATHS.recognition);
/** POST /api/high5/send: a note of appreciation; no points move. */
export const useSendHigh5 = () => useSend<High5SendRequest>(SEND_PATHS.high5);
/** POST /api/payitforward/send: part of the sender's own points to a colleague. */
export const useSendPayItForward = () => useSend<PayItForwardSendRequest>(SEND_PATHS.payItForward);
