import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import MyProfilePage from './my-profile-page.tsx';

const page = (
  <Routes>
    <Route path="/myprofile/:urlParam?" element={<MyProfilePage />} />
  </Routes>
);

describe('MyProfilePage at /myprofile/update', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('asks a member with an incomplete profile to complete it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ cellNum: '123' })));
    renderWithApp(page, { path: '/myprofile/update' });
    expect(await screen.findByText('Your profile is incomplete')).toBeTruthy();
  });

  it('does not call a complete profile incomplete', async () => {
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({})));
    renderWithApp(page, { path: '/myprofile/update' });
    expect(await screen.findByRole('heading', { name: 'My details' })).toBeTruthy();
    expect(screen.queryByText('Your profile is incomplete')).toBeNull();
  });

  it.each(['/myprofile', '/myprofile/other'])(
    'sends an incomplete profile from %s to its update page',
    async (path) => {
      fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ cellNum: '123' })));
      renderWithApp(page, { path });
      expect(await screen.findByText('Your profile is incomplete')).toBeTruthy();
    },
  );
});
