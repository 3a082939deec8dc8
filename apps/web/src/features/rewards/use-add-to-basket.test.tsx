import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BasketResponse } from '@ovation/shared/schemas/rewards';
import { rewardsKeys } from '../../api/rewards.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { jsonResponse } from '../../test/session-fixture.ts';
import { makeWrapper } from '../../test/test-wrapper.tsx';
import { useAddToBasket } from './use-add-to-basket.ts';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: toastError } }));

const basketOf = (quantity: number) =>
  ({ lines: [{ rewardId: 4, quantity }], totalPoints: quantity * 100 }) as unknown as BasketResponse;

describe('useAddToBasket', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('adds on top of the basket as the server holds it, not as this page last saw it', async () => {
    const puts: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        puts.push([String(input), JSON.parse(String(init.body))]);
        return jsonResponse(basketOf(4));
      }
      return jsonResponse(basketOf(3)); // another tab added two since this page loaded
    });
    const { client, wrapper } = makeWrapper();
    client.setQueryData(rewardsKeys.basket(), basketOf(1));
    const { result } = renderHook(() => useAddToBasket(), { wrapper });
    await act(() => result.current.add({ rewardId: 4, name: 'Mug' }));
    expect(puts).toEqual([['/api/rewards/basket/lines/4', { quantity: 4 }]]);
    expect(client.getQueryData(rewardsKeys.basket())).toEqual(basketOf(4));
  });

  it('says so when the basket already holds the most one order may have, and sends nothing', async () => {
    const puts: unknown[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') puts.push(init.body);
      return jsonResponse(basketOf(20));
    });
    const { wrapper } = makeWrapper();
    const { result } = renderHook(() => useAddToBasket(), { wrapper });
    await act(() => result.current.add({ rewardId: 4, name: 'Mug' }));
    expect(puts).toEqual([]);
    expect(toastError).toHaveBeenCalledWith('Your basket already holds 20 of Mug: at most 20 in one order.');
  });
});
