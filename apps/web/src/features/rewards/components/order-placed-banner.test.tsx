import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Order } from '@ovation/shared/schemas/rewards';
import { OrderPlacedBanner } from './order-placed-banner.tsx';

const order = (over: Partial<Order> = {}): Order => ({
  orderId: 4,
  placedAt: '2026-11-20T09:00:00.000Z',
  status: 'placed',
  totalPoints: 250,
  lines: [
    {
      rewardId: 4,
      name: 'Reach for a Dream',
      quantity: 1,
      fulfilment: 'donation',
      pointsCost: 250,
      lineTotal: 250,
      randValue: 2500,
      codes: [],
    },
  ],
  address: null,
  history: [],
  canCancel: true,
  ...over,
});

function StateProbe() {
  return <output data-testid="state">{JSON.stringify(useLocation().state)}</output>;
}

const show = (orders: Order[] | undefined, state: unknown = { placedOrderId: 4 }) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[{ pathname: '/orders', state }]}>
        <OrderPlacedBanner orders={orders} />
        <StateProbe />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('OrderPlacedBanner', () => {
  it('thanks for an order without vouchers without promising codes, once, and can be dismissed', async () => {
    show([order()]);
    expect(screen.getByText('Thank you! Order #4 is placed.')).toBeTruthy();
    expect(screen.getByText('We e-mailed you a confirmation.')).toBeTruthy();
    expect(screen.queryByText(/Voucher codes/)).toBeNull();
    // The navigation state is spent: a reload or a later visit does not thank again.
    expect(screen.getByTestId('state').textContent).toBe('null');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Thank you! Order #4 is placed.')).toBeNull();
  });

  it('names the voucher codes when the order holds vouchers', () => {
    const voucher = order({
      lines: [{ ...order().lines[0]!, fulfilment: 'voucher', codes: ['ABC'] }],
    });
    show([voucher]);
    expect(screen.getByText('We e-mailed you a confirmation. Voucher codes are below and in the e-mail.')).toBeTruthy();
  });

  it('goes once the order is cancelled and refunded', () => {
    show([order({ status: 'refunded' })]);
    expect(screen.queryByText(/Thank you!/)).toBeNull();
  });

  it('shows nothing without a new order in the navigation state', () => {
    show([order()], null);
    expect(screen.queryByText(/Thank you!/)).toBeNull();
  });
});
