import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import RewardsAdminPage from './rewards-admin-page.tsx';

describe('RewardsAdminPage', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('says so when the catalogue is empty, and why New item waits for a category', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/admin/rewards/catalogue')
        ? jsonResponse({ categories: [], items: [] })
        : jsonResponse(sessionResponse({ isAdminReports: true })),
    );
    renderWithApp(<RewardsAdminPage />);
    expect(await screen.findByText(/The catalogue has no items yet/)).toBeTruthy();
    const newItem = screen.getByRole('button', { name: 'New item' });
    expect(newItem).toHaveProperty('disabled', true);
    expect(screen.getByText('Every item belongs to a category: add a category first, then its items.').id).toBe(
      newItem.getAttribute('aria-describedby'),
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
