import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import CheckInCalendarPage from './checkin-calendar-page.tsx';

const today: MoodResponse = {
  moodDesc: [
    { moodDescriptionId: 1, value: 1, description: 'Happy' },
    { moodDescriptionId: 2, value: 2, description: 'Okay' },
    { moodDescriptionId: 3, value: 3, description: 'Unhappy' },
  ],
  moodData: null,
};
const failure = () => jsonResponse({ type: 'about:blank', title: 'Internal Server Error', status: 500 }, 500);

describe('CheckInCalendarPage: what each day says about check-ins', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  const answer = (history: () => Promise<Response>, october = () => new Promise<Response>(() => {})) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/mood/data/') return jsonResponse(today);
      if (url === '/api/mood/history?from=2026-11-01&to=2026-11-30') return history();
      if (url === '/api/mood/history?from=2026-10-01&to=2026-10-31') return october();
      throw new Error(`unexpected ${url}`);
    });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('names the dates only while the month loads', async () => {
    answer(() => new Promise<Response>(() => {}));
    renderWithApp(<CheckInCalendarPage />, { path: '/dailycheckincalendar' });
    expect(await screen.findByRole('cell', { name: '15, today' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '3' })).toBeTruthy();
    expect(screen.queryByText(/no check-in/)).toBeNull();
  });

  it('names the dates only after the month failed to load, under the error', async () => {
    answer(async () => failure());
    renderWithApp(<CheckInCalendarPage />, { path: '/dailycheckincalendar' });
    expect((await screen.findByRole('alert')).textContent).toBe('Error Loading Mood Data');
    expect(screen.getByRole('cell', { name: '15, today' })).toBeTruthy();
    expect(screen.queryByText(/no check-in/)).toBeNull();
  });

  it('says which days have no check-in once the month is in', async () => {
    answer(async () => jsonResponse({ moods: [{ day: '2026-11-03', value: 2 }] }));
    renderWithApp(<CheckInCalendarPage />, { path: '/dailycheckincalendar' });
    expect(await screen.findByRole('cell', { name: '3: Okay' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '15, today: no check-in' })).toBeTruthy();
  });

  it('names the dates only while another month loads, though the month before stays in the cache', async () => {
    answer(async () => jsonResponse({ moods: [{ day: '2026-11-03', value: 2 }] }));
    renderWithApp(<CheckInCalendarPage />, { path: '/dailycheckincalendar' });
    await screen.findByRole('cell', { name: '3: Okay' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('table', { name: 'Moods in October 2026' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '31' })).toBeTruthy();
    expect(screen.queryByText(/no check-in/)).toBeNull();
  });
});
