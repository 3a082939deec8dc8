import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import type {
  BasketResponse,
  CatalogueQuery,
  CatalogueResponse,
  CheckoutRequest,
  CheckoutResponse,
  RewardItem,
} from '@ovation/shared/schemas/rewards';
import { api } from '../lib/api-client.ts';
import { BASKET_PATH, cataloguePath } from './catalogue-path.ts';
import { useIdempotencyKeys } from '../lib/idempotency.ts';
import { applyBalances, type Balances } from './session.ts';
import { statementKeys } from './statements.ts';

/** Rewards (issue 9): catalogue, items, basket and checkout. */
export const rewardsKeys = {
  all: ['rewards'] as const,
  catalogue: (query: CatalogueQuery) =>
    [
      'rewards',
      'catalogue',
      query.category ?? '',
      query.q ?? '',
      query.sort ?? 'points',
      String(query.affordable ?? false),
      query.page ?? 1,
    ] as const,
  item: (rewardId: number) => ['rewards', 'item', rewardId] as const,
  basket: () => ['rewards', 'basket'] as const,
};

export const getCatalogue = (query: CatalogueQuery, signal?: AbortSignal) =>
  api.get<CatalogueResponse>(cataloguePath(query), { signal });
export const getReward = (rewardId: number, signal?: AbortSignal) =>
  api.get<RewardItem>(`/api/rewards/items/${rewardId}`, { signal, silent: true });
export const getBasket = (signal?: AbortSignal) => api.get<BasketResponse>(BASKET_PATH, { signal });
export const setBasketLine = (rewardId: number, quantity: number) =>
  api.put<BasketResponse>(`/api/rewards/basket/lines/${rewardId}`, { quantity }, { silent: true });
export const postCheckout = (body: CheckoutRequest, idempotencyKey: string) =>
  api.post<CheckoutResponse>('/api/rewards/checkout', body, {
    silent: true,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export const catalogueQueryOptions = (query: CatalogueQuery) =>
  queryOptions({ queryKey: rewardsKeys.catalogue(query), queryFn: ({ signal }) => getCatalogue(query, signal) });

/** The previous page stays on screen while the next filter loads. */
export function useCatalogue(query: CatalogueQuery) {
  return useQuery({ ...catalogueQueryOptions(query), placeholderData: keepPreviousData });
}

export function useReward(rewardId: number | null) {
  return useQuery({
    queryKey: rewardsKeys.item(rewardId ?? 0),
    queryFn: ({ signal }) => getReward(rewardId!, signal),
    enabled: rewardId !== null,
    retry: false,
  });
}

export function useBasket() {
  return useQuery({ queryKey: rewardsKeys.basket(), queryFn: ({ signal }) => getBasket(signal) });
}

/** Sets a line's quantity (0 removes it); the answer is the new basket. */
export function useSetBasketLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rewardId, quantity }: { rewardId: number; quantity: number }) => setBasketLine(rewardId, quantity),
    onSuccess: (basket) => queryClient.setQueryData(rewardsKeys.basket(), basket),
  });
}

/** After checkout or a refund: the session's balances from the answer (the rewards' queries go stale with them), and what it changed is stale. */
export function afterRewardsChange(queryClient: QueryClient, balances: Balances) {
  applyBalances(queryClient, balances);
  void queryClient.invalidateQueries({ queryKey: ['orders'] });
  void queryClient.invalidateQueries({ queryKey: statementKeys.all });
}

/** CHECKOUT: one key per submission (a retry of the same body pays once). */
export function useCheckout() {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutRequest) => keys.send(body, (key) => postCheckout(body, key)),
    onSuccess: (answer) => afterRewardsChange(queryClient, answer.balances),
  });
}
