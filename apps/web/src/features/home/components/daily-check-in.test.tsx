import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { DailyCheckIn } from './daily-check-in.tsx';

const moodDesc = [
  { moodDescriptionId: 1, value: 1, description: 'Happy' },
  { moodDescriptionId: 2, value: 2, description: 'Okay' },
  { moodDescriptionId: 3, value: 3, description: 'Unhappy' },
];
const failure = () => jsonResponse({ type: 'about:blank', title: 'Internal Server Error', status: 500 }, 500);

describe('DailyCheckIn', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  /** Answers GET /api/mood/data/ with what `mood()` gives at the time of the request. */
  const answer = (mood: () => Response | MoodResponse) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/mood/data/') {
        const body = mood();
        return body instanceof Response ? body : jsonResponse(body);
      }
      throw new Error(`unexpected ${url}`);
    });
  const moodCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/mood/data/').length;
  const buttons = () => within(screen.getByRole('group', { name: "Today's mood" })).getAllByRole('button');
  afterEach(() => vi.useRealTimers());

  it('after a first load that failed: the moods wait, and Try again loads them', async () => {
    let fail = true;
    answer(() => (fail ? failure() : { moodDesc, moodData: { value: 2 } }));
    renderWithApp(<DailyCheckIn />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error Loading Mood Data');
    for (const b of buttons()) expect((b as HTMLButtonElement).disabled).toBe(true);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Okay' }).getAttribute('aria-pressed')).toBe('true'));
    for (const b of buttons()) expect((b as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a refetch that failed keeps the mood shown and choosable, with Try again', async () => {
    let fail = false;
    answer(() => (fail ? failure() : { moodDesc, moodData: { value: 1 } }));
    const { queryClient } = renderWithApp(<DailyCheckIn />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Happy' }).getAttribute('aria-pressed')).toBe('true'),
    );

    fail = true;
    await act(() => queryClient.refetchQueries({ queryKey: ['mood', 'today'] }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error Loading Mood Data');
    expect(screen.getByRole('button', { name: 'Happy' }).getAttribute('aria-pressed')).toBe('true');
    for (const b of buttons()) expect((b as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('names the moods Happy, Okay and Unhappy when the server sends no descriptions (decision 0082)', async () => {
    answer(() => ({ moodDesc: [], moodData: null }));
    renderWithApp(<DailyCheckIn />);
    await waitFor(() => expect((buttons()[0] as HTMLButtonElement).disabled).toBe(false));
    expect(buttons().map((b) => b.getAttribute('aria-label'))).toEqual(['Happy', 'Okay', 'Unhappy']);
  });

  it("left open past midnight UTC, asks again when the page comes back: yesterday's choice isn't today's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T23:59:00Z'));
    let moodData: MoodResponse['moodData'] = { value: 3 };
    answer(() => ({ moodDesc, moodData }));
    renderWithApp(<DailyCheckIn />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unhappy' }).getAttribute('aria-pressed')).toBe('true'),
    );
    expect(moodCalls()).toBe(1);

    // 01:10 in Nairobi: the firm's day has turned, and the server knows no check-in for it yet.
    vi.setSystemTime(new Date('2026-11-29T00:10:00Z'));
    moodData = null;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(moodCalls()).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unhappy' }).getAttribute('aria-pressed')).toBe('false'),
    );
    for (const b of buttons()) expect(b.getAttribute('aria-pressed')).toBe('false');
  });

  it('left open and in view past midnight UTC, asks again at midnight', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-28T23:59:58Z'));
    let moodData: MoodResponse['moodData'] = { value: 3 };
    answer(() => ({ moodDesc, moodData }));
    renderWithApp(<DailyCheckIn />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unhappy' }).getAttribute('aria-pressed')).toBe('true'),
    );

    moodData = null;
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    await waitFor(() => expect(moodCalls()).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unhappy' }).getAttribute('aria-pressed')).toBe('false'),
    );
  });
});
