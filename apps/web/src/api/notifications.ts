import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkReadRequest, NotificationsResponse } from '@ovation/shared/schemas/notifications';
import { api } from '../lib/api-client.ts';
import { getLiveTicket, liveStreamUrl } from './live.ts';

export const notificationKeys = { all: ['notifications'] as const, list: () => ['notifications', 'list'] as const };

/** GET /api/notifications: the unread count and the newest items. Silent: the bell just waits. */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return api.get<NotificationsResponse>('/api/notifications', { silent: true, signal });
}

/** POST /api/notifications/read: answers with the bell as it now is. */
export function markNotificationsRead(body: MarkReadRequest): Promise<NotificationsResponse> {
  return api.post<NotificationsResponse>('/api/notifications/read', body);
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    enabled,
    staleTime: 60_000,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.list(), answer),
  });
}

const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.75 + Math.random() / 2);

/**
 * Live: the event stream (decision 0009) says `notification` when this member's bell changed
 * (something arrived, or another tab marked items read); the list is then fetched again.
 */
export function useNotificationsLive(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const retry = () => {
      source?.close();
      source = null;
      if (!stopped) timer = setTimeout(() => void connect(), backoffMs(attempt++));
    };
    async function connect() {
      let ticket: string;
      try {
        ticket = await getLiveTicket();
      } catch (error) {
        console.warn('Live notifications unavailable; retrying', error);
        return retry();
      }
      if (stopped) return;
      source = new EventSource(liveStreamUrl(ticket));
      source.onopen = () => {
        attempt = 0;
      };
      source.addEventListener('notification', () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      });
      source.onerror = retry; // the ticket is single-use: reconnect with a new one
    }
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
