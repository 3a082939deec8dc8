import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketResponse, RewardItem } from '@ovation/shared/schemas/rewards';
import { api } from '../../../lib/api-client.ts';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { LIMIT_REACHED, RewardDetail } from './reward-detail.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const get = vi.mocked(api.get);
const put = vi.mocked(api.put);

const mug: RewardItem = {
  rewardId: 6,
  name: 'Branded mug',
  category: 'merchandise',
  categoryName: 'Merchandise',
  pointsCost: 20,
  randValue: 5000,
  fulfilment: 'delivery',
  stockLeft: null,
  pictureUrl: '/rewards/6.svg',
  description: 'A mug',
  memberLimit: 2,
  memberOrdered: 0,
};
const basket = (quantity: number): BasketResponse => ({
  lines: quantity
    ? [
        {
          rewardId: 6,
          name: 'Branded mug',
          quantity,
          pointsCost: 20,
          lineTotal: 20 * quantity,
          fulfilment: 'delivery',
          pictureUrl: '/rewards/6.svg',
          priceChangedFrom: null,
          unavailable: null,
        },
      ]
    : [],
  totalPoints: 20 * quantity,
  balance: 100,
  balanceAfter: 100 - 20 * quantity,
  needsAddress: false,
  savedAddress: null,
});

const after = () => screen.getByTestId('rewards-balance-after').textContent;

describe('RewardDetail: the quantity', () => {
  beforeEach(() => {
    get.mockReset().mockResolvedValue(mug);
  });

  it('counts only a quantity that can be added in the balance after', async () => {
    render(<RewardDetail rewardId={6} pointsName="Kudos" balance={100} basket={basket(0)} />, { wrapper });
    const box = await screen.findByLabelText('Quantity');
    expect(after()).toBe('80 Kudos');
    expect(screen.getByText('After your basket and this')).toBeTruthy();
    fireEvent.change(box, { target: { value: '5' } });
    expect(after()).toBe('100 Kudos');
    expect(screen.getByText('After your basket')).toBeTruthy();
    fireEvent.change(box, { target: { value: '2' } });
    expect(after()).toBe('60 Kudos');
  });

  it('starts the quantity again at 1 once the units are in the basket', async () => {
    get
      .mockReset()
      .mockImplementation((url: string) =>
        Promise.resolve(url.includes('basket') ? basket(0) : { ...mug, memberLimit: null }),
      );
    put.mockReset().mockResolvedValue(basket(2));
    render(<RewardDetail rewardId={6} pointsName="Kudos" balance={100} basket={basket(0)} />, { wrapper });
    const box = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    fireEvent.change(box, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    await waitFor(() => expect(box.value).toBe('1'));
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('says the limit is reached and disables Add once the basket holds all the member may order', async () => {
    render(<RewardDetail rewardId={6} pointsName="Kudos" balance={100} basket={basket(2)} />, { wrapper });
    expect(await screen.findByText(LIMIT_REACHED)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to basket' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText(/Choose a whole number/)).toBeNull();
  });

  it('counts the units already ordered against the limit', async () => {
    get.mockReset().mockResolvedValue({ ...mug, memberOrdered: 2 });
    render(<RewardDetail rewardId={6} pointsName="Kudos" balance={100} basket={basket(0)} />, { wrapper });
    expect(await screen.findByText(LIMIT_REACHED)).toBeTruthy();
    expect(screen.getByText('At most 2 per member (you have ordered 2).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to basket' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
