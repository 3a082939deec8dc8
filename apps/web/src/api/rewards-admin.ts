import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderResponse, Order, OrderStatus } from '@ovation/shared/schemas/rewards';
import type {
  AdminCatalogueResponse,
  AdminReward,
  CategoryInput,
  FulfilmentQueueResponse,
  OrderStatusRequest,
  RewardInput,
  VoucherCodesResponse,
} from '@ovation/shared/schemas/rewards-admin';
import { api } from '../lib/api-client.ts';
import { moneyRequest, useMoneyMutation } from './money/use-money-mutation.ts';

/** Rewards administration (report administrators, decision 0013). */
export const rewardsAdminKeys = {
  all: ['rewards-admin'] as const,
  catalogue: () => ['rewards-admin', 'catalogue'] as const,
  queue: (status: OrderStatus | '', q: string) => ['rewards-admin', 'queue', status, q] as const,
};

export const getAdminCatalogue = (signal?: AbortSignal) =>
  api.get<AdminCatalogueResponse>('/api/admin/rewards/catalogue', { signal });
export const createReward = (body: RewardInput) =>
  api.post<AdminReward>('/api/admin/rewards/items', body, { silent: true });
export const editReward = (rewardId: number, body: RewardInput) =>
  api.put<AdminReward>(`/api/admin/rewards/items/${rewardId}`, body, { silent: true });
export const createCategory = (body: CategoryInput) =>
  api.post<{ slug: string; name: string }>('/api/admin/rewards/categories', body, { silent: true });
export const loadCodes = (rewardId: number, csv: string) =>
  api.post<VoucherCodesResponse>(`/api/admin/rewards/items/${rewardId}/codes`, { csv }, { silent: true });
export function uploadPicture(rewardId: number, file: File) {
  const form = new FormData();
  form.append('picture', file);
  return api.upload<{ pictureUrl: string }>(`/api/admin/rewards/items/${rewardId}/picture`, form, { silent: true });
}
export function getQueue(status: OrderStatus | '', q: string, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q) params.set('q', q);
  const text = params.toString();
  return api.get<FulfilmentQueueResponse>(`/api/admin/rewards/orders${text ? `?${text}` : ''}`, { signal });
}
export const moveOrder = (orderId: number, body: OrderStatusRequest) =>
  api.post<Order>(`/api/admin/rewards/orders/${orderId}/status`, body, { silent: true });

export function useAdminCatalogue() {
  return useQuery({ queryKey: rewardsAdminKeys.catalogue(), queryFn: ({ signal }) => getAdminCatalogue(signal) });
}

/**
 * Any catalogue change: the admin list and the members' catalogue are stale. A refusal reloads
 * them too (someone else may have changed the item, decision 0091), and the mutation settles only
 * once the admin list is fresh, so a form refused as stale can read the item's latest version.
 */
function useCatalogueMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsAdminKeys.catalogue() }),
        queryClient.invalidateQueries({ queryKey: ['rewards'] }),
      ]),
  });
}

export const useSaveReward = () =>
  useCatalogueMutation(({ rewardId, body }: { rewardId: number | null; body: RewardInput }) =>
    rewardId === null ? createReward(body) : editReward(rewardId, body),
  );
export const useCreateCategory = () => useCatalogueMutation(createCategory);
export const useLoadCodes = () =>
  useCatalogueMutation(({ rewardId, csv }: { rewardId: number; csv: string }) => loadCodes(rewardId, csv));
export const useUploadPicture = () =>
  useCatalogueMutation(({ rewardId, file }: { rewardId: number; file: File }) => uploadPicture(rewardId, file));

export function useFulfilmentQueue(status: OrderStatus | '', q: string) {
  return useQuery({
    queryKey: rewardsAdminKeys.queue(status, q),
    queryFn: ({ signal }) => getQueue(status, q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: OrderStatusRequest }) => moveOrder(orderId, body),
    // A refusal (moved or cancelled by someone else meanwhile) reloads the queue too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rewards-admin', 'queue'] }),
  });
}

/** Cancels a member's order and refunds it; the queue reloads, refused or not (money/stale.ts, `fulfilment`). */
export const useAdminCancel = () =>
  useMoneyMutation('fulfilment', {
    request: ({ orderId, note }: { orderId: number; note: string }) =>
      moneyRequest<CancelOrderResponse>(`/api/admin/rewards/orders/${orderId}/cancel`, { note }),
  });
