import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '@ovation/shared/schemas/recognition';
import type { CancelOrderResponse, Order, OrdersResponse } from '@ovation/shared/schemas/rewards';
import { api } from '../lib/api-client.ts';
import { useIdempotencyKeys } from '../lib/idempotency.ts';
import { afterRewardsChange } from './rewards.ts';

/** My Orders (issue 9). */
export const ordersKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  one: (orderId: number) => ['orders', 'one', orderId] as const,
};

export const getOrders = (before: number | undefined, signal?: AbortSignal) =>
  api.get<OrdersResponse>(before ? `/api/orders?before=${before}` : '/api/orders', { signal });
export const getOrder = (orderId: number, signal?: AbortSignal) => api.get<Order>(`/api/orders/${orderId}`, { signal });
export const postCancelOrder = (orderId: number, idempotencyKey: string) =>
  api.post<CancelOrderResponse>(
    `/api/orders/${orderId}/cancel`,
    {},
    {
      silent: true,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    },
  );

/** My Orders, newest first, a page at a time (`fetchNextPage` for older ones). */
export function useOrders() {
  return useInfiniteQuery({
    queryKey: ordersKeys.list(),
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

/** Cancels an order while it is placed; the refund's balances go into the session. */
export function useCancelOrder() {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => keys.send({ orderId }, (key) => postCancelOrder(orderId, key)),
    onSuccess: (answer) => {
      queryClient.setQueryData<InfiniteData<OrdersResponse>>(ordersKeys.list(), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                orders: page.orders.map((o) => (o.orderId === answer.order.orderId ? answer.order : o)),
              })),
            }
          : old,
      );
      afterRewardsChange(queryClient, answer.balances);
    },
  });
}
