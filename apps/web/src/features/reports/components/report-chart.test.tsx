import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportDefinitionResponse, ReportQueryResponse } from '@ovation/shared/schemas/reports';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { ReportChart } from './report-chart.tsx';

const chart = { title: 'Average mood by week', x: 'week', group: 'division', y: 'averageMood' };
const DEFINITION: ReportDefinitionResponse & { chart: typeof chart } = {
  reportKey: 'reportdailycheckinanalysis',
  title: 'Daily Check-In Analysis',
  route: '/reportdailycheckinanalysis',
  description: 'Mood by week',
  columns: [
    { key: 'week', title: 'Week', type: 'date', sortable: true },
    { key: 'division', title: 'Division', type: 'text', sortable: true },
    { key: 'averageMood', title: 'Average mood', type: 'mood', sortable: true },
  ],
  filters: [],
  defaultSort: { column: 'week', direction: 'asc' },
  totals: [],
  chart,
};
const ROWS: ReportQueryResponse = {
  fields: ['week', 'division', 'averageMood'],
  rows: [
    ['2026-11-02', 'Advisory', 1.4],
    ['2026-11-09', 'Advisory', 1.8],
  ],
  total: 2,
};
const REQUEST = { filters: {}, page: 1, pageSize: 50, sort: { column: 'week', direction: 'asc' as const } };

describe('ReportChart', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  const answer = (query: () => Promise<Response>) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === `/api/reports/${DEFINITION.reportKey}/query`) return query();
      throw new Error(`unexpected ${url}`);
    });

  it('says it is loading while the rows are on their way, then draws the chart (its library loaded on demand)', async () => {
    let release: (r: Response) => void = () => undefined;
    answer(() => new Promise<Response>((resolve) => (release = resolve)));
    const { container } = renderWithApp(<ReportChart definition={DEFINITION} request={REQUEST} />);
    expect(await screen.findByLabelText('Loading the chart')).toBeTruthy();
    expect(screen.queryByText('Nothing to chart for these filters.')).toBeNull();
    release(jsonResponse(ROWS));
    await waitFor(() => expect(container.querySelector('.recharts-responsive-container')).not.toBeNull());
    expect(screen.queryByLabelText('Loading the chart')).toBeNull();
    expect(screen.queryByText('Nothing to chart for these filters.')).toBeNull();
  });

  it('says when there is nothing to chart, and when the rows could not be loaded', async () => {
    answer(async () => jsonResponse({ ...ROWS, rows: [], total: 0 }));
    const { unmount } = renderWithApp(<ReportChart definition={DEFINITION} request={REQUEST} />);
    expect(await screen.findByText('Nothing to chart for these filters.')).toBeTruthy();
    unmount();
    answer(async () => jsonResponse({ title: 'Server error', status: 500, message: 'The database is down' }, 500));
    renderWithApp(<ReportChart definition={DEFINITION} request={REQUEST} />);
    expect(await screen.findByText(/^The chart could not be loaded: .*The database is down/)).toBeTruthy();
  });

  it('reads every page of the rows for the chart, latest first, and says when it charts only the latest', async () => {
    const pagesAsked: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      const body = JSON.parse(String(init?.body));
      pagesAsked.push([body.page, body.pageSize, body.sort]);
      // 2,100 rows: 2,000 read in ten pages; the oldest week read is cut short and left out.
      const week = (n: number) => new Date(Date.UTC(2026, 10, 23) - n * 7 * 86_400_000).toISOString().slice(0, 10);
      const rows = Array.from({ length: 200 }, (_, i) => {
        const n = (body.page - 1) * 200 + i;
        return [week(Math.floor(n / 3)), `Team ${n % 3}`, 1.5];
      });
      return jsonResponse({ fields: ROWS.fields, rows, total: 2100 });
    });
    renderWithApp(<ReportChart definition={DEFINITION} request={REQUEST} />);
    // 2,000 rows of 3 teams: weeks 0–666, the 667th (one team only) left out.
    expect(await screen.findByText(/^Only the latest 666 points \(Week\) are charted/)).toBeTruthy();
    expect(pagesAsked).toHaveLength(10);
    expect(pagesAsked).toContainEqual([10, 200, { column: 'week', direction: 'desc' }]);
  });
});
