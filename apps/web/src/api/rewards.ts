import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';

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

/**
 * CHECKOUT: one key per submission (a retry of the same body pays once); the answer's balances
 * go into the session, and the orders and statements go stale (money/stale.ts, `order`).
 */
export const useCheckout = () =>
  useMoneyMutation('order', {
    request: (body: CheckoutRequest) => moneyRequest<CheckoutResponse>('/api/rewards/checkout', body),
  });
