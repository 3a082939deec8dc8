import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import { api } from '../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../lib/idempotency.ts';
import type { MemberBalances } from '@ovation/shared/schemas/balances';
import { applyBalances } from './balances.ts';
import { invalidateStale, MONEY_CHANGES, type MoneyChangeName } from './stale.ts';

/** One POST that moves points, plays or stock; `Answer` types what the server answers. */
export interface MoneyRequest<Answer> {
  path: string;
  body: unknown;
  /** Never set: carries the answer's type from `moneyRequest` to the mutation. */
  readonly answer?: Answer;
}

/** The request of one attempt: the same path and body are the same submission (one key). */
export const moneyRequest = <Answer>(path: string, body: unknown = {}): MoneyRequest<Answer> => ({ path, body });

/** A change whose row says the balances come in the answer needs an answer that carries them. */
type AnswerOf<C extends MoneyChangeName> = (typeof MONEY_CHANGES)[C]['balances'] extends 'answer'
  ? { balances: MemberBalances }
  : unknown;

export interface MoneyMutationOptions<Vars, Answer> {
  request: (vars: Vars) => MoneyRequest<Answer>;
  /**
   * True (the default): refusals are left to the caller (a form shows them). False: the API
   * client's message box shows them, as for any request.
   */
  silent?: boolean;
  /** The answer's own cache writes (the board's plays, the order's row), before what goes stale. */
  onAnswer?: (queryClient: QueryClient, answer: Answer, vars: Vars) => void;
  onError?: (queryClient: QueryClient, error: unknown) => void;
}

/**
 * The one mutation for every request that moves points, plays or stock (docs/web-contract.md):
 * an Idempotency-Key per submission (a retry of the same request reuses it, so the server pays
 * at most once; lib/idempotency.ts), the answer's balances into the cached session, and what
 * the change makes stale from the one table (stale.ts) — on the answer, or once settled for the
 * changes that reload after a refusal too.
 */
export function useMoneyMutation<C extends MoneyChangeName, Vars, Answer extends AnswerOf<C>>(
  change: C,
  { request, silent = true, onAnswer, onError }: MoneyMutationOptions<Vars, Answer>,
) {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  const row = MONEY_CHANGES[change];
  return useMutation({
    mutationFn: (vars: Vars) => {
      const { path, body } = request(vars);
      return keys.send({ path, body }, (key) =>
        api.post<Answer>(path, body, { silent, headers: { [IDEMPOTENCY_HEADER]: key } }),
      );
    },
    onSuccess: (answer, vars) => {
      if (row.balances === 'answer') applyBalances(queryClient, (answer as { balances: MemberBalances }).balances);
      onAnswer?.(queryClient, answer, vars);
      if (row.when === 'answer') void invalidateStale(queryClient, change);
    },
    onError: onError && ((error) => onError(queryClient, error)),
    // Not awaited: a caller's own callbacks run on the answer, before the reload unmounts it.
    onSettled: row.when === 'settled' ? () => void invalidateStale(queryClient, change) : undefined,
  });
}
