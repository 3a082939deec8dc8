import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueResponse } from '@ovation/shared/schemas/rewards';
import { api } from '../../../lib/api-client.ts';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { CatalogueView } from './catalogue-view.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const get = vi.mocked(api.get);

const all: CatalogueResponse = {
  categories: [
    { slug: 'vouchers', name: 'Vouchers', count: 3 },
    { slug: 'donations', name: 'Donations', count: 2 },
  ],
  items: [],
  hasMore: false,
};

describe('CatalogueView: an unknown category', () => {
  beforeEach(() => {
    get
      .mockReset()
      .mockImplementation(async (path: string) =>
        path.includes('category=') ? { categories: [], items: [], hasMore: false } : all,
      );
  });

  it('says so, links to all rewards and keeps the category list', async () => {
    render(<CatalogueView category="nonsense" pointsName="Kudos" balance={100} />, { wrapper });
    expect(await screen.findByText('Unknown category')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all rewards' }).getAttribute('href')).toBe('/redeemrewards');
    expect(await screen.findByRole('link', { name: 'Vouchers (3)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All rewards (5)' })).toBeTruthy();
    expect(screen.queryByText('No rewards found')).toBeNull();
  });
});
