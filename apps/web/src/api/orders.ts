import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { CancelOrderResponse, Order, OrdersResponse } from '@ovation/shared/schemas/rewards';
import { api } from '../lib/api-client.ts';
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';

/** My Orders (issue 9). */
export const ordersKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'list'] as const,
  one: (orderId: number) => ['orders', 'one', orderId] as const,
};

export const getOrders = (before: number | undefined, signal?: AbortSignal) =>
  api.get<OrdersResponse>(before ? `/api/orders?before=${before}` : '/api/orders', { signal });
export const getOrder = (orderId: number, signal?: AbortSignal) => api.get<Order>(`/api/orders/${orderId}`, { signal });

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
  return useMoneyMutation('order', {
    request: (orderId: number) => moneyRequest<CancelOrderResponse>(`/api/orders/${orderId}/cancel`),
    onAnswer: (queryClient, answer) => {
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
    },
  });
}
