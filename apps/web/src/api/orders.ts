import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export const getOrders = (signal?: AbortSignal) => api.get<OrdersResponse>('/api/orders', { signal });
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

export function useOrders() {
  return useQuery({ queryKey: ordersKeys.list(), queryFn: ({ signal }) => getOrders(signal) });
}

/** Cancels an order while it is placed; the refund's balances go into the session. */
export function useCancelOrder() {
  const keys = useIdempotencyKeys();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => keys.send({ orderId }, (key) => postCancelOrder(orderId, key)),
    onSuccess: (answer) => {
      queryClient.setQueryData<OrdersResponse>(ordersKeys.list(), (old) =>
        old ? { orders: old.orders.map((o) => (o.orderId === answer.order.orderId ? answer.order : o)) } : old,
      );
      afterRewardsChange(queryClient, answer.balances);
    },
  });
}
