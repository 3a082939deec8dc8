import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { TestWrapper } from '../../../test/test-wrapper.tsx';
import { MissedTeam } from './missed-team.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const get = vi.mocked(api.get);

const show = () => render(<MissedTeam />, { wrapper: TestWrapper });

beforeEach(() => {
  get.mockReset();
});

describe('MissedTeam', () => {
  it('lists who has been missed, each a click from Recognise with them chosen', async () => {
    get.mockResolvedValue({
      days: 30,
      members: [
        { memberId: 7, name: 'Neo Report', division: 'Audit', lastRecognisedAt: null },
        { memberId: 9, name: 'Lulu Report', division: null, lastRecognisedAt: '2026-10-01T08:00:00Z' },
      ],
    });
    show();
    const section = await screen.findByRole('region', { name: 'Not recognised in the last 30 days' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Neo ReportAudit · not recognised yetRecognise',
      'Lulu Reportlast recognised 01/10/2026Recognise',
    ]);
    expect(within(section).getByRole('link', { name: 'Recognise Neo Report' }).getAttribute('href')).toBe(
      '/recognise/7',
    );
    expect(get).toHaveBeenCalledWith('/api/statements/team-budget/missed', expect.anything());
  });

  it('says so when everyone has been recognised', async () => {
    get.mockResolvedValue({ days: 30, members: [] });
    show();
    expect(await screen.findByText('Everyone in your team has been recognised in the last 30 days.')).toBeTruthy();
  });
});
