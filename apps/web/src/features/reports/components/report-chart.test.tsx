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
});
