import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogueItem } from '@ovation/shared/schemas/rewards';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { RewardCard } from './reward-card.tsx';

const item: CatalogueItem = {
  rewardId: 7,
  name: 'Uber Eats R150 Voucher',
  category: 'gift-vouchers',
  pointsCost: 150,
  randValue: 15000,
  fulfilment: 'voucher',
  stockLeft: null,
  pictureUrl: '/api/rewards/pictures/7',
};

const picture = (eager?: boolean) => {
  const { container, unmount } = render(
    <RewardCard item={item} pointsName="Kudos" balance={500} adding={false} onAdd={vi.fn()} eager={eager} />,
    { wrapper },
  );
  const img = container.querySelector('img')!;
  const attributes = { loading: img.getAttribute('loading'), priority: img.getAttribute('fetchpriority') };
  unmount();
  return attributes;
};

describe('RewardCard', () => {
  it('loads a first-screen picture at once (the largest paint) and the others when scrolled to', () => {
    expect(picture(true)).toEqual({ loading: 'eager', priority: 'high' });
    expect(picture()).toEqual({ loading: 'lazy', priority: null });
  });
});
