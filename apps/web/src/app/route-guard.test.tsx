import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { findEntry } from '../config/navigation.ts';
import { takeRememberedPath } from '../lib/remembered-path.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { renderWithApp } from '../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../test/session-fixture.ts';
import { RouteGuard } from './route-guard.tsx';

function guarded(path: string) {
  const entry = findEntry(path)!;
  return (
    <Routes>
      <Route path="/hello" element={<p>hello page</p>} />
      <Route path="/myprofile/:urlParam?" element={<p>profile page</p>} />
      <Route
        path={entry.path}
        element={
          <RouteGuard entry={entry}>
            <p>protected page</p>
          </RouteGuard>
        }
      />
    </Routes>
  );
}

describe('RouteGuard', () => {
  const fetchMock = stubFetch();

  it('sends an anonymous visitor to /hello and remembers the path', async () => {
    renderWithApp(guarded('/statement'), { path: '/statement?x=1' });
    expect(await screen.findByText('hello page')).toBeTruthy();
    expect(takeRememberedPath()).toBe('/statement?x=1');
  });

  it('forces an incomplete profile to /myprofile/update', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ cellNum: '123' })));
    renderWithApp(guarded('/gettoknow'), { path: '/gettoknow' });
    expect(await screen.findByText('profile page')).toBeTruthy();
  });

  it('shows the country notice to a Kenya member on a South Africa route', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ country: 'Kenya' })));
    renderWithApp(guarded('/statement'), { path: '/statement' });
    expect(await screen.findByText('Not Available in your Country')).toBeTruthy();
    expect(screen.queryByText('protected page')).toBeNull();
  });

  it('refuses a role page with the no-access notice', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({})));
    renderWithApp(guarded('/reportroles'), { path: '/reportroles' });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
  });

  it('lets a member with the capability in', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ roles: 'rep' })));
    renderWithApp(guarded('/reportroles'), { path: '/reportroles' });
    expect(await screen.findByText('protected page')).toBeTruthy();
  });

  it('keeps the token and the page when the session load fails with a 503, and tries again', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValueOnce(jsonResponse({ title: 'Service Unavailable', status: 503 }, 503));
    renderWithApp(guarded('/gettoknow'), { path: '/gettoknow' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('hello page')).toBeNull();
    expect(sessionStorage.getItem('authToken')).toBe('t');

    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({})));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('protected page')).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBe('t');
  });

  it('keeps the token and the page when the network fails during the session load', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(guarded('/gettoknow'), { path: '/gettoknow' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('hello page')).toBeNull();
    expect(sessionStorage.getItem('authToken')).toBe('t');
  });

  it('signs out on a 401 while loading the session', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse({ title: 'Unauthorized', status: 401 }, 401));
    renderWithApp(guarded('/gettoknow'), { path: '/gettoknow' });
    expect(await screen.findByText('hello page')).toBeTruthy();
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('says why an incomplete profile was sent to the update form', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ cellNum: '123' })));
    const profile = findEntry('/myprofile/update')!;
    const gettoknow = findEntry('/gettoknow')!;
    renderWithApp(
      <Routes>
        <Route path={profile.path} element={<RouteGuard entry={profile}>profile form</RouteGuard>} />
        <Route path={gettoknow.path} element={<RouteGuard entry={gettoknow}>get to know</RouteGuard>} />
      </Routes>,
      { path: '/gettoknow' },
    );
    expect(await screen.findByText('profile form')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Complete your profile first');
    expect(screen.getByRole('status').textContent).toContain('Get to Know opens once your profile');
  });

  it('shows no notice on the update form itself when nothing was refused', async () => {
    sessionStorage.setItem('authToken', 't');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ cellNum: '123' })));
    const profile = findEntry('/myprofile/update')!;
    renderWithApp(
      <Routes>
        <Route path={profile.path} element={<RouteGuard entry={profile}>profile form</RouteGuard>} />
      </Routes>,
      { path: '/myprofile/update' },
    );
    expect(await screen.findByText('profile form')).toBeTruthy();
    expect(screen.queryByText('Complete your profile first')).toBeNull();
  });
});
