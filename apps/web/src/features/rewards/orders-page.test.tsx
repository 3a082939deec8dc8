import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Order, OrdersResponse } from '@ovation/shared/schemas/rewards';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import OrdersPage from './orders-page.tsx';

const order = (orderId: number): Order => ({
  orderId,
  placedAt: '2026-11-20T09:00:00.000Z',
  status: 'fulfilled',
  totalPoints: 100,
  lines: [],
  address: null,
  history: [],
  canCancel: false,
});

describe('OrdersPage', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('shows the newest page, and older orders only when asked, until there are no more', async () => {
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (!url.startsWith('/api/orders')) return jsonResponse(sessionResponse({}));
      asked.push(url);
      const page: OrdersResponse =
        url === '/api/orders'
          ? { orders: [order(9), order(8)], nextBefore: 8 }
          : { orders: [order(3)], nextBefore: null };
      return jsonResponse(page);
    });
    renderWithApp(<OrdersPage />, { path: '/orders' });
    expect(await screen.findByText('Order #9')).toBeTruthy();
    expect(screen.queryByText('Order #3')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    expect(await screen.findByText('Order #3')).toBeTruthy();
    expect(screen.getByText('Order #8')).toBeTruthy();
    expect(asked).toEqual(['/api/orders', '/api/orders?before=8']);
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
  });
});
