import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminReward } from '@ovation/shared/schemas/rewards-admin';
import { useAdminCatalogue } from '../../../api/rewards-admin.ts';
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
  updatedAt: '2026-11-02T10:00:00.000Z',
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
    expect(bodies).toEqual([
      expect.objectContaining({
        stockLeft: 40,
        stockLeftWas: 10,
        name: 'Cookbook',
        expectedUpdatedAt: '2026-11-02T10:00:00.000Z',
      }),
    ]);
  });

  it('after a 409 (saved by someone else), saving again stands on their version', async () => {
    const latest = { ...reward, name: 'Their Cookbook', stockLeft: 20, updatedAt: '2026-11-02T11:00:00.000Z' };
    const bodies: { expectedUpdatedAt?: string; stockLeftWas?: number }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/admin/rewards/items/7')) {
        bodies.push(JSON.parse(String(init?.body)));
        if (bodies.length === 1) {
          return jsonResponse(
            {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              message: 'Someone saved this item after you opened it.',
            },
            409,
          );
        }
        return jsonResponse({ ...latest, name: 'Cookbook', updatedAt: '2026-11-02T12:00:00.000Z' });
      }
      if (url.startsWith('/api/admin/rewards/catalogue')) {
        return jsonResponse({ categories: [{ slug: 'books', name: 'Books' }], items: [latest] });
      }
      return jsonResponse(sessionResponse({}));
    });
    const onSaved = vi.fn();
    // The form opens over the admin page, which holds the catalogue query.
    function OverTheCatalogue() {
      useAdminCatalogue();
      return <RewardForm reward={reward} categories={[{ slug: 'books', name: 'Books' }]} onSaved={onSaved} />;
    }
    renderWithApp(<OverTheCatalogue />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone saved this item after you opened it.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies.map((b) => [b.expectedUpdatedAt, b.stockLeftWas])).toEqual([
      ['2026-11-02T10:00:00.000Z', 10],
      ['2026-11-02T11:00:00.000Z', 20],
    ]);
  });
});
