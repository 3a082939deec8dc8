import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { takeRememberedPath } from '../../lib/remembered-path.ts';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import LogoutPage from './logout-page.tsx';

function page() {
  return (
    <Routes>
      <Route path="/logout" element={<LogoutPage />} />
      <Route path="/" element={<p>site root</p>} />
    </Routes>
  );
}

const ended = () =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, message: 'Please sign in.' }),
    {
      status: 401,
      headers: { 'content-type': 'application/problem+json' },
    },
  );

describe('/logout', () => {
  const fetchMock = stubFetch({ authToken: 'tok-1' });

  it('clears the login before asking the server, then revokes with the token in the header', async () => {
    const seen: Array<{ url: string; auth: string | null; stored: string | null }> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse());
      const auth = new Headers(init?.headers).get('authorization');
      seen.push({ url, auth, stored: sessionStorage.getItem('authToken') });
      if (url.endsWith('/api/auth/oidc/logout')) return jsonResponse({ endSessionUrl: null });
      if (url.endsWith('/api/auth/logout')) return new Response(null, { status: 204 });
      throw new Error(`unexpected ${url}`);
    });
    renderWithApp(page(), { path: '/logout' });
    expect(screen.getByText('Please wait, logging out')).toBeTruthy();
    expect(await screen.findByText('site root')).toBeTruthy();
    // The provider question first (it needs the session), then the revoke; both after the clear.
    expect(seen.map((s) => s.url.replace(/^.*\/api/, '/api'))).toEqual(['/api/auth/oidc/logout', '/api/auth/logout']);
    for (const call of seen) {
      expect(call.stored).toBeNull();
      expect(call.auth).toBe('Bearer tok-1');
    }
  });

  it('signs out when the session had already ended, and the next sign-in does not return to /logout', async () => {
    window.history.pushState({}, '', '/logout');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse());
      return ended();
    });
    renderWithApp(page(), { path: '/logout' });
    expect(await screen.findByText('site root')).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(takeRememberedPath()).toBeNull();
    window.history.pushState({}, '', '/');
  });

  it('clears the login at once even while the server does not answer', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse());
      return new Promise<Response>(() => undefined);
    });
    renderWithApp(page(), { path: '/logout' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/auth/oidc/logout'))).toBe(true),
    );
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(screen.getByText('Please wait, logging out')).toBeTruthy();
  });
});
