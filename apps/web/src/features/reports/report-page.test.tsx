import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import type { ReportDefinitionResponse } from '@ovation/shared/schemas/reports';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import ReportPage from './report-page.tsx';

const DEFINITION: ReportDefinitionResponse = {
  reportKey: 'reportpayitforward',
  title: 'Pay It Forward Report',
  route: '/reportpayitforward',
  description: 'Every Pay It Forward.',
  columns: [
    { key: 'createdAt', title: 'When', type: 'date', sortable: true },
    { key: 'from', title: 'From', type: 'text', sortable: true },
    { key: 'points', title: 'Points', type: 'points', sortable: true },
    { key: 'message', title: 'Message', type: 'text', sortable: false },
  ],
  filters: ['from', 'to', 'search'],
  defaultSort: { column: 'createdAt', direction: 'desc' },
  totals: [],
};
const row = (n: number) => [`2026-03-${String((n % 28) + 1).padStart(2, '0')}`, `Member ${n}`, n, `Thanks ${n}`];

/** The address as the app sees it, to check what it wrote there. */
function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

describe('ReportPage: a tolerant address, a table that keeps its column headers', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  let total: number;
  let definition: ReportDefinitionResponse;
  const queries: { page: number; pageSize: number; sort: unknown }[] = [];
  beforeEach(() => {
    // mantine-datatable shows a column while its media query (none: '') matches; the test setup's
    // matchMedia matches nothing.
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      query === '' ? { ...matchMedia(query), matches: true } : matchMedia(query),
    );
    total = 30;
    definition = DEFINITION;
    queries.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse({ roles: 'rep' }));
      if (url === '/api/reports/filter-options') return jsonResponse({ divisions: [], countries: [] });
      if (url === `/api/reports/${definition.reportKey}`) return jsonResponse(definition);
      if (url.startsWith(`/api/reports/${definition.reportKey}/export`)) {
        return jsonResponse({ title: 'Bad Request', status: 400, message: 'The export is not available' }, 400);
      }
      if (url === `/api/reports/${definition.reportKey}/query`) {
        const body = JSON.parse(String(init?.body));
        queries.push(body);
        if (body.sort?.column === 'nope') return jsonResponse({ title: 'Bad', status: 400, message: 'No' }, 400);
        const first = (body.page - 1) * body.pageSize;
        const rows = Array.from({ length: Math.max(0, Math.min(body.pageSize, total - first)) }, (_, i) =>
          row(first + i + 1),
        );
        return jsonResponse({ fields: ['createdAt', 'from', 'points', 'message'], rows, total });
      }
      throw new Error(`unexpected ${url}`);
    });
  });
  const open = (path: string) =>
    renderWithApp(
      <>
        <ReportPage />
        <Address />
      </>,
      { path },
    );
  const address = () => screen.getByTestId('address').textContent;

  it('drops a sort the report does not allow before any request, and corrects the address', async () => {
    open('/reportpayitforward?sort=nope&dir=sideways&pageSize=7&search=Ann');
    await screen.findByText('Member 1');
    expect(queries.map((q) => q.sort)).toEqual([{ column: 'createdAt', direction: 'desc' }]);
    expect(queries[0]!.pageSize).toBe(25);
    await waitFor(() => expect(address()).toBe('?search=Ann'));
    expect(screen.queryByText('The report could not be loaded')).toBeNull();
  });

  it('goes to the last page there is when the address asks for one beyond it, pager and all', async () => {
    open('/reportpayitforward?page=999');
    await screen.findByText('Member 26');
    expect(queries.map((q) => q.page)).toEqual([999, 2]);
    await waitFor(() => expect(address()).toBe('?page=2'));
    expect(screen.getByText('26–30 of 30')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1' })).toBeTruthy();
  });

  it('keeps sortable headers as column headers with a button that sorts on Enter and Space', async () => {
    open('/reportpayitforward');
    await screen.findByText('Member 1');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['When', 'From', 'Points', 'Message']);
    expect(headers[0]!.getAttribute('aria-sort')).toBe('descending');
    expect(headers[1]!.hasAttribute('aria-sort')).toBe(false);
    expect(within(headers[3]!).queryByRole('button')).toBeNull();

    const points = within(headers[2]!).getByRole('button', { name: 'Points' });
    points.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(address()).toBe('?sort=points&dir=asc'));
    await waitFor(() => expect(screen.getAllByRole('columnheader')[2]!.getAttribute('aria-sort')).toBe('ascending'));
    expect(screen.getAllByRole('columnheader')[0]!.hasAttribute('aria-sort')).toBe(false);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(address()).toBe('?sort=points&dir=desc'));
    await waitFor(() => expect(screen.getAllByRole('columnheader')[2]!.getAttribute('aria-sort')).toBe('descending'));
  });

  it('names the rows-per-page control, and a larger page starts again at page 1', async () => {
    open('/reportpayitforward?page=2');
    await screen.findByText('Member 26');
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    fireEvent.change(size, { target: { value: '50' } });
    await waitFor(() => expect(address()).toBe('?pageSize=50'));
  });

  it('shows the empty state when no row matches, and a failed export says why beside its buttons', async () => {
    total = 0;
    open('/reportpayitforward?search=zzz');
    expect(await screen.findByText('No rows match these filters.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The export failed: The export is not available');
  });

  it('shows in From and To the period a report uses when none is given (Birthdays: this month)', async () => {
    definition = { ...DEFINITION, reportKey: 'reportbirthdays', route: '/reportbirthdays', title: 'Birthdays Report' };
    open('/reportbirthdays');
    await screen.findByText('Member 1');
    const month = new Date().toISOString().slice(0, 7).split('-').reverse().join('/');
    expect((screen.getByRole('textbox', { name: 'From' }) as HTMLInputElement).value).toBe(`01/${month}`);
    expect((screen.getByRole('textbox', { name: 'To' }) as HTMLInputElement).value).toMatch(
      new RegExp(`^\\d\\d/${month}$`),
    );
    expect(address()).toBe('');
  });
});
