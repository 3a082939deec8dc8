import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BasketLine } from '@ovation/shared/schemas/rewards';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { BasketLines } from './basket-lines.tsx';

const voucher: BasketLine = {
  rewardId: 7,
  name: 'Uber Eats R150 Voucher',
  quantity: 1,
  pointsCost: 150,
  lineTotal: 150,
  fulfilment: 'voucher',
  pictureUrl: '/rewards/7.svg',
  priceChangedFrom: null,
  unavailable: null,
};

function basket(onQuantity: (line: BasketLine, quantity: number) => Promise<string | null>) {
  const onRefused = vi.fn();
  render(
    <BasketLines lines={[voucher]} pointsName="Kudos" busy={null} onQuantity={onQuantity} onRefused={onRefused} />,
    {
      wrapper,
    },
  );
  return { box: screen.getByLabelText('Quantity of Uber Eats R150 Voucher'), onRefused };
}

const valueOf = (box: HTMLElement) => (box as HTMLInputElement).value;

async function typeAndLeave(box: HTMLElement, text: string) {
  const user = userEvent.setup();
  await user.clear(box);
  if (text) await user.type(box, text);
  await user.tab();
}

describe('the basket quantity box', () => {
  it('sends a new quantity when the member leaves the box', async () => {
    const onQuantity = vi.fn().mockResolvedValue(null);
    const { box } = basket(onQuantity);
    await typeAndLeave(box, '2');
    expect(onQuantity).toHaveBeenCalledExactlyOnceWith(voucher, 2);
  });

  it('puts back the basket quantity and says why under the box when the server refuses', async () => {
    const refusal =
      'You can order at most 2 of Uber Eats R150 Voucher (you have already ordered 1, so you can order 1 more)';
    const onQuantity = vi.fn().mockResolvedValue(refusal);
    const { box, onRefused } = basket(onQuantity);
    await typeAndLeave(box, '3');

    await waitFor(() => expect(valueOf(box)).toBe('1'));
    expect(screen.getByText(refusal).id).toBe(box.getAttribute('aria-describedby'));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onRefused).not.toHaveBeenCalled(); // the box says it; no toast as well
  });

  it.each(['999', '0', ''])('refuses %j without asking the server, and shows the allowed range', async (text) => {
    const onQuantity = vi.fn();
    const { box } = basket(onQuantity);
    await typeAndLeave(box, text);

    expect(onQuantity).not.toHaveBeenCalled();
    expect(valueOf(box)).toBe('1');
    expect(screen.getByText('Choose from 1 to 20').id).toBe(box.getAttribute('aria-describedby'));
  });

  it('reports a refused removal through onRefused', async () => {
    const onQuantity = vi.fn().mockResolvedValue('Your basket could not be changed');
    const { onRefused } = basket(onQuantity);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Uber Eats R150 Voucher' }));
    await waitFor(() => expect(onRefused).toHaveBeenCalledWith('Your basket could not be changed'));
    expect(onQuantity).toHaveBeenCalledWith(voucher, 0);
  });
});
