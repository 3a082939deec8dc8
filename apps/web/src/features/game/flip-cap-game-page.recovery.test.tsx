import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import { gameKeys } from '../../api/game.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import FlipCapGamePage from './flip-cap-game-page.tsx';
import type { GameBoardResponse } from '@ovation/shared/schemas/game';
import { BOARD } from '../../test/game-fixture.ts';

const WON = (playsAvailable: number) => ({
  playId: 9,
  prize: { label: '10 Kudos', points: 10 },
  playsAvailable,
  balances: { awardsPointsAvailable: 110, awardsPointsAvailable1: playsAvailable, awardsPointsAvailableMng: 0 },
});

type Answer = Response | Error;

/**
 * The server, one queue of answers per path (the last one repeats); what each request sent is
 * kept. A network failure is a thrown TypeError, as fetch does.
 */
function serve(fetchMock: ReturnType<typeof stubFetch>, answers: Record<string, (() => Answer)[]>) {
  const sent: { path: string; key: string | null }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    sent.push({ path, key: new Headers(init?.headers).get('idempotency-key') });
    const queue = answers[path];
    if (!queue) throw new Error(`unexpected ${path}`);
    const answer = (queue.length > 1 ? queue.shift() : queue[0])!();
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { count: (path: string) => sent.filter((s) => s.path === path).length, sent };
}

const session =
  (points = 100) =>
  () => {
    const answer = sessionResponse({});
    return jsonResponse({ ...answer, profile: { ...answer.profile, awardsPointsAvailable: points } });
  };
const board =
  (over: Partial<GameBoardResponse> = {}) =>
  () =>
    jsonResponse({ ...BOARD, ...over });
const offline = () => new TypeError('Failed to fetch');
const serverError = () => jsonResponse({ title: 'Internal Server Error', status: 500 }, 500);
const figure = (label: string) => screen.getByText(label).parentElement?.textContent;
const cap = (n: number) => screen.getByRole('button', { name: `Cap ${n}` }) as HTMLButtonElement;
const enabledCaps = () =>
  screen
    .getAllByRole('button', { name: /^Cap \d+/ })
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.getAttribute('aria-label'));

describe('FlipCapGamePage when things fail', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('a failed reload keeps the unconfirmed flip’s guidance, says the board may be out of date and can retry', async () => {
    const server = serve(fetchMock, {
      '/api/spa/loadsession': [session()],
      '/api/game/board': [board(), offline, board({ playsAvailable: 1 })],
      '/api/game/play': [offline],
    });
    renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('The Game Board could not be refreshed')).toBeTruthy();
    expect(screen.getByText('We could not confirm that flip')).toBeTruthy();
    expect(screen.getByText(/Flip cap 3 again to see its result: it will not use another play\.$/)).toBeTruthy();
    expect(screen.queryByText('The Game Board could not be loaded')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(cap(3)));
    // The server could not be reached: the session is not asked again (its failure would open a message box).
    expect(server.count('/api/spa/loadsession')).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('The Game Board could not be refreshed')).toBeNull());
    expect(figure('Plays available')).toBe('Plays available1');
    expect(screen.getByText('We could not confirm that flip')).toBeTruthy();
  });

  it('a failed reload after a win keeps the prize on show', async () => {
    serve(fetchMock, {
      '/api/spa/loadsession': [session()],
      '/api/game/board': [board(), serverError],
      '/api/game/play': [() => jsonResponse(WON(1))],
    });
    renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('The Game Board could not be refreshed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cap 3: 10 Kudos' })).toBeTruthy();
    expect(screen.getByTestId('game-announcement').textContent).toBe('Cap 3: you won 10 Kudos!');
    expect(screen.getByRole('button', { name: 'Play again' })).toBeTruthy();
  });

  it.each([
    { why: 'no plays left', after: { playsAvailable: 0 }, failure: serverError, notice: 'You have no plays left' },
    { why: 'the pool refilling', after: { poolEmpty: true }, failure: offline, notice: 'The prize pool is refilling' },
  ])(
    'an unconfirmed flip’s cap stays playable when the reloaded board shows $why, and its retry collects the answer',
    async ({ after, failure, notice }) => {
      const server = serve(fetchMock, {
        '/api/spa/loadsession': [session(100), session(110)],
        '/api/game/board': [board(), board(after)],
        '/api/game/play': [failure, () => jsonResponse(WON(0))],
      });
      renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
      fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
      expect(await screen.findByText(notice)).toBeTruthy();
      expect(screen.getByText(/Flip cap 3 again to see its result/)).toBeTruthy();
      expect(enabledCaps()).toEqual(['Cap 3']);
      await waitFor(() => expect(document.activeElement).toBe(cap(3)));
      // The flip may have been paid: the session (the header's and Home's balances) is loaded again.
      await waitFor(() => expect(figure('Your balance')).toBe('Your balance110 Kudos'));
      expect(server.count('/api/spa/loadsession')).toBe(2);
      fireEvent.click(cap(3));
      expect(await screen.findByText('Cap 3: you won 10 Kudos!')).toBeTruthy();
      const keys = server.sent.filter((s) => s.path === '/api/game/play').map((s) => s.key);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    },
  );

  it('after the last play, Reset the board hands the focus to the notice that says why no cap plays', async () => {
    serve(fetchMock, {
      '/api/spa/loadsession': [session()],
      '/api/game/board': [board({ playsAvailable: 1 }), board({ playsAvailable: 0 })],
      '/api/game/play': [() => jsonResponse(WON(0))],
    });
    renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    const reset = await screen.findByRole('button', { name: 'Reset the board' });
    await waitFor(() => expect(document.activeElement).toBe(reset));
    fireEvent.click(reset);
    const notice = screen.getByRole('alert', { name: 'You have no plays left' });
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(enabledCaps()).toEqual([]);
  });

  it('with the pool emptied meanwhile the button says Reset the board, and the focus goes to the pool’s notice', async () => {
    serve(fetchMock, {
      '/api/spa/loadsession': [session()],
      '/api/game/board': [board(), board({ playsAvailable: 1, poolEmpty: true })],
      '/api/game/play': [() => jsonResponse(WON(1))],
    });
    renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('The prize pool is refilling')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset the board' }));
    const notice = screen.getByRole('alert', { name: 'The prize pool is refilling' });
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });

  it('a refused flip with no plays left moves the focus to the notice, once', async () => {
    const refusal = () =>
      jsonResponse(
        { type: PROBLEM_TYPES.business, title: 'Unprocessable', status: 422, detail: 'You have no game plays left.' },
        422,
      );
    serve(fetchMock, {
      '/api/spa/loadsession': [session()],
      '/api/game/board': [board(), board({ playsAvailable: 0 })],
      '/api/game/play': [refusal],
    });
    const { queryClient } = renderWithApp(<FlipCapGamePage />, { path: '/flipcapgame' });
    fireEvent.click(await screen.findByRole('button', { name: 'Cap 3' }));
    expect(await screen.findByText('That flip did not go through')).toBeTruthy();
    const notice = await screen.findByRole('alert', { name: 'You have no plays left' });
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(enabledCaps()).toEqual([]);
    // Used once: plays arriving later do not pull the focus back to a cap.
    const heading = screen.getByRole('heading', { name: 'Choose a cap' });
    heading.focus();
    act(() => queryClient.setQueryData(gameKeys.board(), { ...BOARD, playsAvailable: 3 }));
    await waitFor(() => expect(cap(1).disabled).toBe(false));
    expect(document.activeElement).toBe(heading);
  });
});
