import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import SystemCheckPage from './system-check-page.tsx';

/** An EventSource that opens (or fails) on the next tick, as the browser's would. */
function stubEventSource(outcome: 'open' | 'error') {
  const opened: string[] = [];
  class FakeEventSource {
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    closed = false;
    constructor(url: string) {
      opened.push(url);
      setTimeout(() => (outcome === 'open' ? this.onopen?.() : this.onerror?.()), 5);
    }
    close() {
      this.closed = true;
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return opened;
}

const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr')!;

describe('SystemCheckPage (/test)', () => {
  const fetchMock = stubFetch({ authToken: 't' });
  let healthStatus = 200;
  beforeEach(() => {
    healthStatus = 200;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/health'))
        return new Response(JSON.stringify({ status: 'ok' }), {
          status: healthStatus,
          headers: { 'content-type': 'application/json', date: new Date().toUTCString() },
        });
      if (url.startsWith('/api/live/ticket')) return jsonResponse({ ticket: 'tk' });
      return jsonResponse(sessionResponse({}));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the sign-in, the server, the clock, live updates and storage, all OK', async () => {
    const opened = stubEventSource('open');
    renderWithApp(<SystemCheckPage />, { path: '/test' });
    await waitFor(() =>
      expect(screen.getAllByTestId('system-check').every((r) => r.dataset.state === 'ok')).toBe(true),
    );
    expect(within(rowOf('Your sign-in')).getByText('Signed in as Wanjiku Kamau.')).toBeTruthy();
    expect(within(rowOf('Portal server')).getByText(/The portal answered in \d+ ms\./)).toBeTruthy();
    expect(within(rowOf('Live updates')).getByText(/Live updates connected in \d+ ms\./)).toBeTruthy();
    expect(opened).toEqual(['/api/live/stream?ticket=tk']);
    expect(screen.getByRole('button', { name: 'Copy the results' })).toBeTruthy();
  });

  it('shows a server that does not answer and a live stream that fails as problems', async () => {
    healthStatus = 503;
    stubEventSource('error');
    renderWithApp(<SystemCheckPage />, { path: '/test' });
    await waitFor(() => expect(rowOf('Portal server').dataset.state).toBe('problem'));
    expect(within(rowOf('Portal server')).getByText('The server answered 503')).toBeTruthy();
    await waitFor(() => expect(rowOf('Live updates').dataset.state).toBe('problem'));
    expect(within(rowOf('Live updates')).getByText('The live connection was refused or dropped')).toBeTruthy();
    expect(rowOf('Device clock').dataset.state).toBe('warning');
  });
});
