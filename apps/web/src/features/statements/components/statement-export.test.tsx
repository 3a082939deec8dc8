import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { closeAllMessages } from '../../../lib/message-box.tsx';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { StatementView } from './statement-view.tsx';

const problem = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });

/** The server: a session, an empty statement, and what the CSV export answers. */
function serve(csv: () => Response) {
  return (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/spa/loadsession')) return Promise.resolve(jsonResponse(sessionResponse()));
    if (url.includes('/csv')) return Promise.resolve(csv());
    if (url.startsWith('/api/statements/points')) {
      return Promise.resolve(jsonResponse({ openingBalance: 0, closingBalance: 0, lines: [] }));
    }
    return Promise.resolve(jsonResponse({}));
  };
}

const page = (
  <Routes>
    <Route path="/hello" element={<p>hello page</p>} />
    <Route path="/statement" element={<StatementView kind="points" title="Statement" intro="" unit="Kudos" />} />
  </Routes>
);

describe('statement CSV export (spec §8)', () => {
  const fetchMock = stubFetch({ authToken: 'expired' });
  afterEach(() => closeAllMessages());

  it('a 401 during the export clears the login and goes to /hello', async () => {
    fetchMock.mockImplementation(serve(() => problem(401, { title: 'Unauthorized', status: 401 })));
    renderWithApp(page, { path: '/statement' });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('hello page')).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull(); // no message box on the way out
  });

  it('another failure shows the spec §8 message box and stays on the page', async () => {
    fetchMock.mockImplementation(
      serve(() => problem(500, { title: 'Internal Server Error', status: 500, message: 'The export broke' })),
    );
    renderWithApp(page, { path: '/statement' });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));

    const box = await screen.findByRole('dialog');
    expect(box.textContent).toContain('Internal Server Error (500)');
    expect(box.textContent).toContain('An unexpected error has occurred:');
    expect(box.textContent).toContain('The export broke');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBe('expired');
  });

  it('exports the period in the date boxes, and shows it, even when Show was not pressed', async () => {
    fetchMock.mockImplementation(
      serve(() => new Response('Date,Description\n', { status: 200, headers: { 'content-type': 'text/csv' } })),
    );
    renderWithApp(page, { path: '/statement' });
    const from = (await screen.findByLabelText('From')) as HTMLInputElement;
    await userEvent.clear(from);
    await userEvent.type(from, '05/10/2026');
    fireEvent.blur(from);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(urls.some((u) => u.includes('/csv') && u.includes('from=2026-10-05'))).toBe(true);
      expect(
        urls.some(
          (u) => !u.includes('/csv') && u.startsWith('/api/statements/points?') && u.includes('from=2026-10-05'),
        ),
      ).toBe(true);
    });
  });
});
