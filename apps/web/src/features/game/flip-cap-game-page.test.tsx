import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import FlipCapGamePage from './flip-cap-game-page.tsx';
import type { GameBoardResponse } from '@ovation/shared/schemas/game';
import { BOARD } from '../../test/game-fixture.ts';

const figure = (label: string) => screen.getByText(label).parentElement?.textContent;

describe('FlipCapGamePage', () => {
  const fetchMock = vi.fn();
  let board: GameBoardResponse;
  beforeEach(() => {
    board = BOARD;
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=t; Path=/';
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse({}));
      if (url.endsWith('/api/game/board')) return jsonResponse(board);
      if (url.endsWith('/api/game/play')) {
        expect(JSON.parse(String(init?.body))).toEqual({ cap: 3 });
        expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/.{8,}/);
        board = { ...BOARD, playsAvailable: 1 };
        return jsonResponse({
          playId: 9,
          prize: { label: '10 Kudos', points: 10 },
          playsAvailable: 1,
          balances: { awardsPointsAvailable: 110, awardsPointsAvailable1: 1, awardsPointsAvailableMng: 0 },
        });
      }
      throw new Error(`unexpected ${url}`);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    sessionStorage.clear();
  });

  it('flips a cap, announces the prize and applies the answered balances to the session', async () => {
    const { queryClient } = renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('Cap 3: you won 10 Kudos!')).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Cap 3: 10 Kudos' })).toBeTruthy();
    await waitFor(() => expect(figure('Your balance')).toBe('Your balance110 Kudos'));
    expect(figure('Plays available')).toBe('Plays available1');
    const sessions = queryClient.getQueriesData<{ profile: { awardsPointsAvailable1: number } }>({
      queryKey: ['session'],
    });
    expect(sessions.map(([, session]) => session?.profile.awardsPointsAvailable1)).toEqual([1]);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Play again'));
    fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    expect((screen.getByRole('button', { name: 'Cap 3' }) as HTMLButtonElement).disabled).toBe(false);
    // Play again is gone: the focus goes to the board, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cap 1' })));
  });

  it('a flip without an answer: not called a failure, focus back on its cap, and a retry of it keeps its key', async () => {
    const keys: (string | null)[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse({}));
      if (url.endsWith('/api/game/board')) return jsonResponse(board);
      keys.push(new Headers(init?.headers).get('idempotency-key'));
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({
        playId: 9,
        prize: { label: '10 Kudos', points: 10 },
        playsAvailable: 1,
        balances: { awardsPointsAvailable: 110, awardsPointsAvailable1: 1, awardsPointsAvailableMng: 0 },
      });
    });
    renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('We could not confirm that flip')).toBeTruthy();
    expect(screen.getByText(/Flip cap 3 again to see its result: it will not use another play\.$/)).toBeTruthy();
    expect(screen.getByTestId('game-announcement').textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cap 3' })));
    fireEvent.click(screen.getByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('Cap 3: you won 10 Kudos!')).toBeTruthy();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says when the prize pool is refilling and keeps the caps down', async () => {
    board = { ...BOARD, poolEmpty: true };
    renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    expect(await screen.findByText('The prize pool is refilling')).toBeTruthy();
    for (const cap of screen.getAllByRole('button', { name: /^Cap \d+$/ })) {
      expect((cap as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
