import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BasketLine, BasketResponse } from '@ovation/shared/schemas/rewards';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import BasketPage from './basket-page.tsx';

const line = (over: Partial<BasketLine> = {}): BasketLine => ({
  rewardId: 4,
  name: 'Reach for a Dream',
  quantity: 1,
  pointsCost: 250,
  lineTotal: 250,
  fulfilment: 'donation',
  pictureUrl: '/api/rewards/pictures/default',
  priceChangedFrom: null,
  unavailable: null,
  ...over,
});
const basketOf = (lines: BasketLine[]): BasketResponse => ({
  lines,
  totalPoints: 250,
  balance: 1000,
  balanceAfter: 750,
  needsAddress: false,
  savedAddress: null,
});

describe('BasketPage', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('keeps CHECKOUT off, and says why, while a line cannot be ordered as it stands', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/rewards/basket'
        ? jsonResponse(basketOf([line({ unavailable: 'Sold out' })]))
        : jsonResponse(sessionResponse({})),
    );
    renderWithApp(<BasketPage />, { path: '/redeemrewards/basket' });
    expect(await screen.findByText('Some items cannot be ordered as they stand')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'CHECKOUT' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a CHECKOUT without an answer is not called a failure; CHECKOUT again sends the same key', async () => {
    const keys: (string | null)[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/rewards/basket') return jsonResponse(basketOf([line()]));
      if (url === '/api/rewards/checkout') {
        keys.push(new Headers(init?.headers).get('idempotency-key'));
        if (keys.length === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({ orderId: 12, status: 'placed', totalPoints: 250, balances: {} });
      }
      return jsonResponse(sessionResponse({}));
    });
    renderWithApp(<BasketPage />, { path: '/redeemrewards/basket' });
    const checkout = await screen.findByRole('button', { name: 'CHECKOUT' });
    await userEvent.click(checkout);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('We could not confirm your order')).toBeTruthy();
    expect(screen.queryByText('Your order was not placed')).toBeNull();
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orders');

    await userEvent.click(checkout);
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });
});
