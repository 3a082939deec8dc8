import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import DashboardPage from './dashboard-page.tsx';

const EMPTY: DashboardResponse = {
  from: '2026-01-01',
  to: '2026-03-31',
  recognitionsByWeek: [{ week: '2026-01-05', recognition: 0, high5: 0, payitforward: 0 }],
  byBehaviour: [],
  byDivision: [{ divisionId: 1, division: 'Tax', given: 0, received: 0 }],
  participation: { members: 9, gave: 0, received: 0, gaveShare: 0, receivedShare: 0 },
  points: { issued: 0, given: 0, redeemed: 0, won: 0 },
  awards: {
    nominations: 0,
    pending: 0,
    approved: 0,
    closed: 0,
    pointsCommitted: 0,
    pointsPaid: 0,
    averageHoursToDecide: null,
  },
  moodTrend: [
    { week: '2026-01-05', suppressed: true, members: null, average: null, happy: null, neutral: null, unhappy: null },
  ],
  equity: {
    giniMembers: 0,
    giniDivisions: 0,
    members: 9,
    divisions: 2,
    deserts: [],
    missedByDivision: [],
    reciprocalPairs: [],
  },
};
const BUSY: DashboardResponse = {
  ...EMPTY,
  recognitionsByWeek: [{ week: '2026-01-05', recognition: 3, high5: 1, payitforward: 0 }],
  byBehaviour: [{ behaviour: 'Teamwork', count: 3 }],
  byDivision: [{ divisionId: 1, division: 'Tax', given: 4, received: 2 }],
  participation: { members: 9, gave: 3, received: 2, gaveShare: 33.3, receivedShare: 22.2 },
  points: { issued: 0, given: 38_601, redeemed: 464, won: 20 },
  awards: {
    nominations: 4,
    pending: 1,
    approved: 2,
    closed: 1,
    pointsCommitted: 250,
    pointsPaid: 1_500,
    averageHoursToDecide: 31,
  },
  moodTrend: [
    { week: '2026-01-05', suppressed: false, members: 6, average: 1.5, happy: 50, neutral: 50, unhappy: 0 },
    { week: '2026-01-12', suppressed: true, members: null, average: null, happy: null, neutral: null, unhappy: null },
  ],
  equity: {
    ...EMPTY.equity,
    giniMembers: 0.42,
    giniDivisions: 0.1,
    missedByDivision: [{ divisionId: 3, division: 'Audit', members: 8, missed: 2 }],
  },
};

describe('DashboardPage: figures as text, empty periods, and the period in the address', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  let answer: DashboardResponse;
  const asked: string[] = [];
  beforeEach(() => {
    answer = BUSY;
    asked.length = 0;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse({ roles: 'rep' }));
      if (url.startsWith('/api/reports/dashboard')) {
        asked.push(url);
        return jsonResponse(answer);
      }
      throw new Error(`unexpected ${url}`);
    });
  });

  it('gives every chart its figures as a table, a zero and a sliver included', async () => {
    renderWithApp(<DashboardPage />, { path: '/reportdashboard?from=2026-01-01&to=2026-03-31' });
    const points = await screen.findByRole('table', { name: 'Points: figures' });
    const cells = within(points)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(cells).toEqual(['FigurePoints', 'Issued0', 'Given38 601', 'Redeemed464', 'Won20']);
    expect(screen.getByRole('table', { name: 'By behaviour: figures' }).textContent).toContain('Teamwork3');
    expect(screen.getByRole('table', { name: 'By division: figures' }).textContent).toContain('Tax42');
    expect(screen.getByRole('table', { name: 'Recognitions per week: figures' }).textContent).toContain(
      '05/01/2026310',
    );
    const mood = screen.getByRole('table', { name: 'Mood trend: figures' }).textContent;
    expect(mood).toContain('05/01/20261.50');
    expect(mood).toContain('12/01/2026fewer than 5');
    expect(screen.getByText('0.42')).toBeTruthy();
    const missed = screen.getByRole('table', { name: 'Not recognised in 30 days, by division' });
    expect(missed.textContent).toContain('Audit82 (25%)');
    const awards = screen.getByRole('region', { name: 'Awards' });
    expect(awards.textContent).toContain('Nominations4');
    expect(awards.textContent).toContain('Points paid1 500');
    expect(awards.textContent).toContain('Average time to decide31 hours');
    expect(
      within(awards).getByRole('link', { name: 'Every nomination in the Awards Report' }).getAttribute('href'),
    ).toBe('/reportawards?from=2026-01-01&to=2026-03-31');
    expect(asked).toEqual(['/api/reports/dashboard?from=2026-01-01&to=2026-03-31']);
  });

  it('says there is nothing to chart, and no Gini figure, for a period without kudos', async () => {
    answer = EMPTY;
    renderWithApp(<DashboardPage />, { path: '/reportdashboard' });
    expect(await screen.findAllByText('Nothing to chart for this period.')).toHaveLength(4);
    expect(screen.getByText(/^Nothing to chart for this period\. Fewer than 5: 05\/01\/2026\.$/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: /figures/ })).toBeNull();
    expect(screen.getAllByText('No data')).toHaveLength(2);
    expect(screen.queryByText('0.00')).toBeNull();
    expect(screen.getByText('No nominations in this period.')).toBeTruthy();
    expect(screen.getByText('No division of 5 or more members to show.')).toBeTruthy();
  });

  it('tells the user when the period in the address cannot be used, and shows the default instead', async () => {
    renderWithApp(<DashboardPage />, { path: '/reportdashboard?from=2026-05-01&to=2026-01-01' });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(
      'The period in the address (01/05/2026 to 01/01/2026) ends before it starts: showing the last 90 days instead.',
    );
    await screen.findByRole('table', { name: 'Points: figures' });
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toContain('2026-05-01');
  });
});
