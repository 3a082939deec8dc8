import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { GameOddsSection } from './game-odds-section.tsx';
import { BOARD } from '../../../test/game-fixture.ts';

describe('GameOddsSection', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  /** The session for `country`; the board's answers in turn (the last one repeats). */
  function serve(country: string, boards: (() => Promise<Response>)[]) {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse({ country }));
      if (url.endsWith('/api/game/board')) return (boards.length > 1 ? boards.shift() : boards[0])!();
      throw new Error(`unexpected ${url}`);
    });
  }
  const boardCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/game/board'));

  it('while loading, says so in a status (no aria-label on a plain element)', async () => {
    serve('South Africa', [() => new Promise<Response>(() => {})]);
    const { container } = renderWithApp(<GameOddsSection />, { path: '/programmerules' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading the prize table');
    expect(container.querySelector('[aria-label="Loading the prize table"]')).toBeNull();
  });

  it('when the board cannot be loaded, says so and tries again on request', async () => {
    serve('South Africa', [
      async () => jsonResponse({ title: 'Internal Server Error', status: 500 }, 500),
      async () => jsonResponse(BOARD),
    ]);
    renderWithApp(<GameOddsSection />, { path: '/programmerules' });
    expect(await screen.findByText('The prize table could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The Game Board' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Prizes and the chance of each per play.')).toBeTruthy();
    expect(screen.queryByText('The prize table could not be loaded.')).toBeNull();
    expect(boardCalls()).toHaveLength(2);
  });

  it('is not there, and asks nothing, where the game is not played', async () => {
    serve('Kenya', [async () => jsonResponse(BOARD)]);
    const { container } = renderWithApp(<GameOddsSection />, { path: '/programmerules' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('section')).toBeNull();
    expect(boardCalls()).toHaveLength(0);
  });
});
