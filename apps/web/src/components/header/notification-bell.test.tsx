import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationsResponse } from '@ovation/shared/schemas/notifications';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import { describeNotification, NotificationBell } from './notification-bell.tsx';

const item = (over: Partial<NotificationsResponse['items'][number]>): NotificationsResponse['items'][number] => ({
  id: 1,
  kind: 'high5',
  actorName: 'Thandi Nkosi',
  messageLogId: 10,
  points: 0,
  teamPoints: 0,
  reaction: null,
  orderId: null,
  orderStatus: null,
  award: null,
  milestone: null,
  createdAt: '2026-11-20T08:15:00Z',
  read: false,
  ...over,
});

describe('NotificationBell', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('shows the unread count, lists what happened and marks all read', async () => {
    const before: NotificationsResponse = {
      unread: 3,
      items: [
        item({ id: 4, kind: 'order', actorName: 'Admin Person', orderId: 57, orderStatus: 'fulfilled' }),
        item({ id: 3, kind: 'points', points: 25 }),
        item({ id: 2, kind: 'reaction', reaction: 2, actorName: 'Pieter van Wyk' }),
        item({ id: 1, read: true }),
      ],
    };
    const after = { unread: 0, items: before.items.map((i) => ({ ...i, read: true })) };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/notifications') return jsonResponse(before);
      if (url === '/api/notifications/read') return jsonResponse(after);
      return jsonResponse({}, 404);
    });
    renderWithApp(<NotificationBell />);

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    expect(await screen.findByText(/Thandi Nkosi paid forward 25 .* to you/)).toBeTruthy();
    expect(screen.getByText('Pieter van Wyk cheered your kudos')).toBeTruthy();
    expect(screen.getByText('Your rewards order #57 has been fulfilled')).toBeTruthy();
    expect(screen.getByText('Thandi Nkosi sent you a High Five')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/notifications/read')!;
    // All of them up to the newest seen, also those older than the list shows.
    expect(JSON.parse(String(call[1]!.body))).toEqual({ all: true, upToId: 4 });
    // The button went disabled: the focus stays in the list, and the change is said.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Notifications'));
    expect(screen.getByRole('status').textContent).toBe('All notifications marked read.');
  });

  it('says when one arrives, and offers Try again when the list could not be read', async () => {
    let answer: NotificationsResponse | null = null;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/notifications') {
        return answer ? jsonResponse(answer) : jsonResponse({ title: 'Service unavailable', status: 503 }, 503);
      }
      return jsonResponse({}, 404);
    });
    const { queryClient } = renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Your notifications could not be loaded')).toBeTruthy();
    answer = { unread: 0, items: [item({ read: true })] };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Thandi Nkosi sent you a High Five')).toBeTruthy();
    // The button it pressed is gone with the failure: the focus stays in the list.
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Notifications'));
    expect(screen.getByRole('status').textContent).toBe('');

    answer = { unread: 1, items: [item({ id: 2, kind: 'recognised' }), item({ read: true })] };
    await queryClient.invalidateQueries();
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('New notification. 1 unread.'));
  });

  it('shows the loading text while the list is on its way', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      return new Promise<Response>(() => undefined);
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Loading…')).toBeTruthy();
  });

  it('with nothing to reach inside, Tab closes the panel and moves on instead of holding the focus', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      return jsonResponse({ unread: 0, items: [] });
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing new yet/)).toBeTruthy();
    await userEvent.tab();
    await vi.waitFor(() => expect(screen.queryByText(/Nothing new yet/)).toBeNull());
  });

  it('closes the list when a notification is chosen, and groups the points', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/notifications')
        return jsonResponse({ unread: 1, items: [item({ kind: 'points', points: 1250 })] });
      return jsonResponse({ unread: 0, items: [] });
    });
    renderWithApp(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(await screen.findByText(/Thandi Nkosi paid forward 1 250 .* to you/));
    await vi.waitFor(() => expect(screen.queryByText(/paid forward/)).toBeNull());
  });

  it('says what a points upload credited, and to which account (decisions 0044, 0097)', () => {
    const upload = (points: number, teamPoints: number) =>
      describeNotification(item({ kind: 'upload', actorName: 'Upload Person', points, teamPoints }), 'Stars');
    expect(upload(1250, 0)).toBe('1 250 Stars were credited to you by a points upload');
    expect(upload(1500, 1500)).toBe('1 500 Stars were credited to your team budget by a points upload');
    expect(upload(1540, 1500)).toBe(
      '1 540 Stars were credited by a points upload: 40 to you, 1 500 to your team budget',
    );
  });
});
