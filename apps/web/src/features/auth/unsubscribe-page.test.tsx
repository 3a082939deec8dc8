import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import UnsubscribePage from './unsubscribe-page.tsx';

const page = () => (
  <Routes>
    <Route path="/unsubscribe" element={<UnsubscribePage />} />
  </Routes>
);

const INVALID =
  'This unsubscribe link is not valid. Use the whole link from the e-mail, or sign in and turn these e-mails off under My Profile.';

function answer(fetchMock: ReturnType<typeof stubFetch>, unsubscribe: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/notifications/unsubscribe')) return unsubscribe();
    if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse());
    throw new Error(`unexpected ${url}`);
  });
}

describe('/unsubscribe', () => {
  const fetchMock = stubFetch();

  it('changes nothing on opening; the button turns the digest off with the link token', async () => {
    answer(fetchMock, () =>
      jsonResponse({ alreadyOff: false, message: 'You will no longer receive the weekly digest.' }),
    );
    renderWithApp(page(), { path: '/unsubscribe?token=12.abc' });
    expect(await screen.findByRole('heading', { name: 'Weekly digest' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/unsubscribe'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'UNSUBSCRIBE' }));
    expect(await screen.findByText('Unsubscribed')).toBeTruthy();
    expect(screen.getByText('You will no longer receive the weekly digest.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/notifications/unsubscribe'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ token: '12.abc' });
  });

  it("shows the server's refusal of an altered link, and says a link without a token is incomplete", async () => {
    answer(
      fetchMock,
      () =>
        new Response(JSON.stringify({ type: 'business', title: 'Request refused', status: 400, message: INVALID }), {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    const { unmount } = renderWithApp(page(), { path: '/unsubscribe?token=12.forged' });
    await userEvent.click(await screen.findByRole('button', { name: 'UNSUBSCRIBE' }));
    expect(await screen.findByText('Not unsubscribed')).toBeTruthy();
    expect(screen.getByText(INVALID)).toBeTruthy();
    unmount();
    renderWithApp(page(), { path: '/unsubscribe' });
    expect(await screen.findByText('This link is not complete')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'UNSUBSCRIBE' })).toBeNull();
  });

  it('calls a token the server cannot read (a 400 with field errors) not valid, not a network error', async () => {
    answer(
      fetchMock,
      () =>
        new Response(
          JSON.stringify({
            title: 'One or more validation errors occurred.',
            status: 400,
            errors: { token: ['Token must be at most 200 characters'] },
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    );
    renderWithApp(page(), { path: `/unsubscribe?token=12.${'x'.repeat(300)}` });
    await userEvent.click(await screen.findByRole('button', { name: 'UNSUBSCRIBE' }));
    expect(await screen.findByText(INVALID)).toBeTruthy();
  });

  it("names the e-mail a notification's link stops (decision 0044)", async () => {
    answer(fetchMock, () =>
      jsonResponse({ alreadyOff: false, message: 'You will no longer receive e-mails when you receive points.' }),
    );
    renderWithApp(page(), { path: '/unsubscribe?token=12.points.abc' });
    expect(await screen.findByRole('heading', { name: 'Points e-mails' })).toBeTruthy();
    expect(screen.getByText(/a points upload credits you/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'UNSUBSCRIBE' }));
    expect(await screen.findByText('You will no longer receive e-mails when you receive points.')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/notifications/unsubscribe'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ token: '12.points.abc' });
  });
});
