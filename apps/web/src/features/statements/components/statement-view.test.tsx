import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { NO_TRANSACTIONS, StatementView } from './statement-view.tsx';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const get = vi.mocked(api.get);

const view = <StatementView kind="points" title="Statement" intro="Your Kudos." unit="Kudos" />;

// A block body: a function returned from beforeEach is run as a teardown (it would call the mock).
beforeEach(() => {
  get.mockReset();
});

describe('StatementView', () => {
  it('shows the lines with CR/DR amounts, running balances, opening and closing', async () => {
    get.mockResolvedValue({
      openingBalance: 1000,
      closingBalance: 1150,
      lines: [
        {
          entryId: 1,
          transactionId: 1,
          date: '2031-03-04T10:00:00Z',
          description: 'Recognised by Thabo Nkosi',
          counterparty: 'Thabo Nkosi',
          amount: 250,
          balance: 1250,
        },
        {
          entryId: 2,
          transactionId: 2,
          date: '2031-03-05T10:00:00Z',
          description: 'Paid forward to Ruan Venter',
          counterparty: 'Ruan Venter',
          amount: -100,
          balance: 1150,
        },
      ],
    });
    render(view, { wrapper });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Opening balance');
    expect(rows[1]?.textContent).toContain('1 000');
    expect(rows[2]?.textContent).toContain('04/03/2031');
    expect(rows[2]?.textContent).toContain('250 CR');
    expect(rows[2]?.textContent).toContain('1 250');
    expect(rows[3]?.textContent).toContain('100 DR');
    expect(rows[4]?.textContent).toContain('Closing balance');
    expect(rows[4]?.textContent).toContain('1 150');
    expect(get.mock.calls[0]?.[0]).toMatch(/^\/api\/statements\/points\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    expect(screen.queryByText(NO_TRANSACTIONS)).toBeNull();
  });

  it('says when the period has no transactions', async () => {
    get.mockResolvedValue({ openingBalance: 40, closingBalance: 40, lines: [] });
    render(view, { wrapper });
    expect(await screen.findByText(NO_TRANSACTIONS)).toBeTruthy();
  });

  it('shows a failure with a way to try again', async () => {
    const failure = new ApiError('Boom', 500, 'Internal Server Error', {
      title: 'Server error',
      status: 500,
      message: 'Boom',
      traceId: 't',
    });
    get.mockImplementation(() => Promise.reject(failure));
    render(view, { wrapper });
    expect(await screen.findByText('The statement could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('StatementView: one line per entry, on its UTC day', () => {
  it('shows both entries of one transaction, dated as the period filter and the CSV count them', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Africa/Johannesburg'; // UTC+2: 23:30 UTC is already the next local day
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const entry = (entryId: number, name: string, balance: number) => ({
        entryId,
        transactionId: 7,
        date: '2031-03-04T23:30:00Z',
        description: `Recognition for ${name}`,
        counterparty: name,
        amount: -100,
        balance,
      });
      get.mockResolvedValue({
        openingBalance: 500,
        closingBalance: 300,
        lines: [entry(11, 'Thabo Nkosi', 400), entry(12, 'Ruan Venter', 300)],
      });
      render(<StatementView kind="team-budget" title="Management Statement" intro="Budget." unit="Kudos" />, {
        wrapper,
      });
      expect(await screen.findByText('Recognition for Thabo Nkosi')).toBeTruthy();
      expect(screen.getByText('Recognition for Ruan Venter')).toBeTruthy();
      expect(screen.getAllByText('04/03/2031').length).toBeGreaterThanOrEqual(2);
      expect(screen.queryByText(/05\/03\/2031/)).toBeNull();
      expect(errors.mock.calls.some((call) => String(call[0]).includes('same key'))).toBe(false);
    } finally {
      errors.mockRestore();
      process.env.TZ = zone;
    }
  });
});

describe('StatementView (game plays)', () => {
  it('names plays earned and used and shows what the plays won', async () => {
    get.mockResolvedValue({
      openingBalance: 2,
      closingBalance: 2,
      lines: [
        {
          entryId: 5,
          transactionId: 5,
          date: '2031-03-04T10:00:00Z',
          description: 'Game plays earned',
          counterparty: 'Thabo Nkosi',
          amount: 1,
          balance: 3,
        },
        {
          entryId: 6,
          transactionId: 6,
          date: '2031-03-05T10:00:00Z',
          description: 'Game Board play — Cap 7: 25 Kudos',
          counterparty: '',
          amount: -1,
          balance: 2,
        },
      ],
      game: { playsEarned: 1, playsUsed: 1, prizesWon: 1, pointsWon: 25 },
    });
    render(<StatementView kind="plays" title="Game Play Statement" intro="Plays." unit="plays" pointsName="Kudos" />, {
      wrapper,
    });
    const figures = await screen.findByText('Won on the Game Board');
    expect(figures.parentElement?.textContent).toContain('25 Kudos');
    expect(screen.getByText('Plays earned').parentElement?.textContent).toBe('Plays earned1 play');
    expect(screen.getByText('Plays used').parentElement?.textContent).toBe('Plays used1 play');
    expect(screen.getAllByText('Closing balance')[0]?.parentElement?.textContent).toBe('Closing balance2 plays');
    expect(screen.getByText('Prizes won').parentElement?.textContent).toContain('1');
    expect(screen.getByText('Game Board play — Cap 7: 25 Kudos')).toBeTruthy();
    expect(get.mock.calls[0]?.[0]).toMatch(/^\/api\/statements\/plays\?/);
  });
});
