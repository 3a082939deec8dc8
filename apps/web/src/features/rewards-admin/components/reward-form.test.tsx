import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminReward } from '@ovation/shared/schemas/rewards-admin';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { RewardForm } from './reward-form.tsx';

const reward: AdminReward = {
  rewardId: 7,
  name: 'Cookbook',
  description: 'Recipes',
  category: 'books',
  pointsCost: 300,
  randValue: 29_900,
  fulfilment: 'delivery',
  stockLeft: 10,
  memberLimit: null,
  active: true,
  pictureUrl: '/api/rewards/pictures/default',
  codesInPool: 0,
};

describe('RewardForm', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('sends the stock it showed with an edit, so redemptions made meanwhile still count', async () => {
    const bodies: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/admin/rewards/items/7')) {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...reward, stockLeft: 39 });
      }
      return jsonResponse(sessionResponse({}));
    });
    const onSaved = vi.fn();
    renderWithApp(<RewardForm reward={reward} categories={[{ slug: 'books', name: 'Books' }]} onSaved={onSaved} />);
    const stock = screen.getByRole('textbox', { name: 'Stock' });
    expect(screen.getByText('Empty: not limited. Redemptions made while you edit still count.')).toBeTruthy();
    await userEvent.clear(stock);
    await userEvent.type(stock, '40');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ stockLeft: 39 })));
    expect(bodies).toEqual([expect.objectContaining({ stockLeft: 40, stockLeftWas: 10, name: 'Cookbook' })]);
  });
});
