import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { OIDC_REFUSALS } from '@ovation/shared/schemas/oidc';
import { rememberPath } from '../../lib/remembered-path.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import WelcomeTrfAuthPage from './welcome-trf-auth-page.tsx';

function page() {
  return (
    <Routes>
      <Route path="/welcometrfauth" element={<WelcomeTrfAuthPage />} />
      <Route path="/statement" element={<p>statement page</p>} />
      <Route path="/" element={<p>home page</p>} />
    </Routes>
  );
}

const problem = (status: number, type: string, message: string) =>
  new Response(JSON.stringify({ type, title: 'Single sign-on failed', status, message, traceId: 't' }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

/** Answers by path: the SSO config, the callback and loadsession. */
function answer(fetchMock: ReturnType<typeof stubFetch>, callback: () => Response, enabled = true) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/auth/oidc/config')) return jsonResponse({ enabled, label: 'Firm ID' });
    if (url.endsWith('/api/auth/oidc/callback')) return callback();
    if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse());
    throw new Error(`unexpected ${url}`);
  });
}

describe('/welcometrfauth', () => {
  const fetchMock = stubFetch();

  it('says plainly when single sign-on is not set up', async () => {
    answer(fetchMock, () => jsonResponse({}), false);
    renderWithApp(page(), { path: '/welcometrfauth' });
    expect(await screen.findByText('Single sign-on is not set up')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SIGN IN' }).getAttribute('href')).toBe('/hello');
    // One way to sign in: the card's button, without the shared "Back to sign in" beside it.
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).toBeNull();
  });

  it('finishes sign-in, stores the token like a login and goes to the remembered path', async () => {
    rememberPath('/statement');
    answer(fetchMock, () => jsonResponse({ authToken: 'sso-token' }));
    renderWithApp(page(), { path: '/welcometrfauth?code=c1&state=s1&iss=http%3A%2F%2Fidp' });
    expect(await screen.findByText('statement page')).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBe('sso-token');
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/api/auth/oidc/callback'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ code: 'c1', state: 's1', iss: 'http://idp' });
  });

  it('shows a refusal as its own page and stores nothing', async () => {
    answer(fetchMock, () =>
      problem(
        403,
        OIDC_REFUSALS.noMember,
        'You signed in with Firm ID, but no Ovation account matches your e-mail address.',
      ),
    );
    renderWithApp(page(), { path: '/welcometrfauth?code=c1&state=s1' });
    expect(await screen.findByText('No Ovation account found')).toBeTruthy();
    expect(
      screen.getByText('You signed in with Firm ID, but no Ovation account matches your e-mail address.'),
    ).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(screen.getByRole('link', { name: 'Try again with Firm ID' }).getAttribute('href')).toBe(
      '/api/auth/oidc/start',
    );
  });

  it('tells a member who cancelled at the provider that nothing changed', async () => {
    answer(fetchMock, () => jsonResponse({}));
    renderWithApp(page(), { path: '/welcometrfauth?error=access_denied&state=s1' });
    expect(await screen.findByText('Sign-in cancelled')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/callback'))).toBe(false);
  });
});
