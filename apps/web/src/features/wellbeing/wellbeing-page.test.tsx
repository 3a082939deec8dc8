import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoodDay } from '../../api/mood.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import WellbeingPage from './wellbeing-page.tsx';

const HISTORY = '/api/mood/history?from=2026-08-31&to=2026-11-28';
const failure = () => jsonResponse({ type: 'about:blank', title: 'Internal Server Error', status: 500 }, 500);

describe('WellbeingPage: the mood of the last 90 days', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  const answer = (history: () => Promise<Response>, unit = 'Audit') =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse({ unit }));
      if (url === '/api/mood/data/') return jsonResponse({ moodDesc: [], moodData: null });
      if (url === '/api/site/getcontentdb') return jsonResponse({ title: 'Look after yourself', content: '<p>Hi</p>' });
      if (url === HISTORY) return history();
      throw new Error(`unexpected ${url}`);
    });
  const moods = (list: MoodDay[]) => async () => jsonResponse({ moods: list });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts nothing while the moods load', async () => {
    answer(() => new Promise<Response>(() => {}));
    renderWithApp(<WellbeingPage />, { path: '/wellbeing' });
    expect(await screen.findByRole('heading', { name: 'Look after yourself' })).toBeTruthy();
    expect(screen.queryByText(/check-ins? since/)).toBeNull();
  });

  it('says the moods failed, and claims no count', async () => {
    answer(async () => failure());
    renderWithApp(<WellbeingPage />, { path: '/wellbeing' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error Loading Mood Data');
    expect(screen.queryByText(/check-ins? since/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Check-ins per mood' })).toBeNull();
  });

  it('says there are no check-ins yet instead of three empty bars', async () => {
    answer(moods([]));
    renderWithApp(<WellbeingPage />, { path: '/wellbeing' });
    expect(await screen.findByText('No check-ins in the last 90 days yet.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Check-ins per mood' })).toBeNull();
    expect(screen.queryByText(/check-ins? since/)).toBeNull();
  });

  it('says the check-in is not available for a unit without it (spec §6), not "not yet"', async () => {
    answer(moods([]), 'TRF');
    renderWithApp(<WellbeingPage />, { path: '/wellbeing' });
    expect(await screen.findByText('The daily check-in is not available for your unit.')).toBeTruthy();
    expect(screen.queryByText(/No check-ins/)).toBeNull();
  });

  it('counts the check-ins since the first of the 90 days', async () => {
    answer(
      moods([
        { day: '2026-11-02', value: 1 },
        { day: '2026-11-27', value: 2 },
      ]),
    );
    renderWithApp(<WellbeingPage />, { path: '/wellbeing' });
    expect(await screen.findByText('2 check-ins since 31/08/2026')).toBeTruthy();
    const bars = screen.getByRole('list', { name: 'Check-ins per mood' });
    expect(bars.textContent).toContain('Okay1 day');
    expect(screen.queryByText(/No check-ins/)).toBeNull();
  });

  it('draws the line between consecutive days only: a day without a check-in breaks it', async () => {
    answer(
      moods([
        { day: '2026-11-02', value: 3 },
        { day: '2026-11-25', value: 1 },
        { day: '2026-11-26', value: 2 },
        { day: '2026-11-28', value: 1 },
      ]),
    );
    renderWithApp(<WellbeingPage />, { path: '/wellbeing' });
    await screen.findByText('4 check-ins since 31/08/2026');
    const runs = screen.getAllByTestId('mood-line-run');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.getAttribute('points')!.split(' ')).toHaveLength(2);
  });
});
