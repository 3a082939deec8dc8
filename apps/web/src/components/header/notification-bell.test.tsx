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
  reaction: null,
  orderId: null,
  orderStatus: null,
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
    // All of them, also those older than the list shows.
    expect(JSON.parse(String(call[1]!.body))).toEqual({ all: true });
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

  it('says what a points upload credited (decision 0044)', () => {
    expect(describeNotification(item({ kind: 'upload', actorName: 'Upload Person', points: 1250 }), 'Stars')).toBe(
      '1 250 Stars were credited to you by a points upload',
    );
  });
});
