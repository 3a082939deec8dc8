import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkReadRequest, NotificationsResponse } from '@ovation/shared/schemas/notifications';
import { api } from '../lib/api-client.ts';
import { LIVE_RECONNECTED, useLiveEvents } from './live-events.ts';

export const notificationKeys = { all: ['notifications'] as const, list: () => ['notifications', 'list'] as const };

/** GET /api/notifications: the unread count and the newest items. Silent: the bell just waits. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.get<NotificationsResponse>('/api/notifications', { silent: true, signal });
}

/** POST /api/notifications/read: answers with the bell as it now is. */
export function markNotificationsRead(body: MarkReadRequest): Promise<NotificationsResponse> {
  return api.post<NotificationsResponse>('/api/notifications/read', body);
}

/** The bell: read again when the tab comes back after a minute, besides live events. */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    // A read already on its way answers with the bell before the marking: it must not land after it.
    onMutate: () => queryClient.cancelQueries({ queryKey: notificationKeys.list() }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.list(), answer),
  });
}

/**
 * Live: the tab's event stream (decision 0009) says `notification` when this member's bell
 * changed (something arrived, or another tab marked items read); the list is then fetched again,
 * and also when the stream comes back after a cut (what it said meanwhile was missed).
 */
export function useNotificationsLive(enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveEvents({ notification: refresh, [LIVE_RECONNECTED]: refresh }, enabled);
}
