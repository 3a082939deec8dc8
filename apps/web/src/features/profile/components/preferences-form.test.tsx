import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Preferences } from '@ovation/shared/schemas/notifications';
import { stubFetch } from '../../../test/fetch-stub.ts';
import { renderWithApp } from '../../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../../test/session-fixture.ts';
import { PreferencesSection } from './preferences-form.tsx';

const PREFERENCES: Preferences = {
  email: { recognised: true, high5: true, points: false, reaction: true },
  weeklyDigest: true,
  hideCelebrations: false,
};

describe('PreferencesSection', () => {
  const fetchMock = stubFetch({ authToken: 't' });

  it('says the points e-mail covers points uploads too (decision 0044)', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/profile/preferences') return jsonResponse(PREFERENCES);
      return jsonResponse({}, 404);
    });
    renderWithApp(<PreferencesSection />);
    const points = await screen.findByRole('checkbox', {
      name: 'I receive points (Pay It Forward or a points upload)',
    });
    expect((points as HTMLInputElement).checked).toBe(false);
  });

  it('gives the focus back to the form once saved (SAVE is disabled again)', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/profile/preferences') {
        return jsonResponse(init?.method === 'PUT' ? JSON.parse(String(init.body)) : PREFERENCES);
      }
      return jsonResponse({}, 404);
    });
    renderWithApp(<PreferencesSection />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Someone reacts to my kudos' }));
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    const form = screen.getByRole('form', { name: 'Notification preferences' });
    await waitFor(() => expect(document.activeElement).toBe(form));
  });

  it('says so, with a way to ask again, when the preferences cannot be loaded', async () => {
    let failing = true;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/spa/loadsession') return jsonResponse(sessionResponse());
      if (url === '/api/profile/preferences') {
        return failing
          ? jsonResponse({ type: 'about:blank', title: 'Server error', status: 503, message: 'Try later' }, 503)
          : jsonResponse(PREFERENCES);
      }
      return jsonResponse({}, 404);
    });
    renderWithApp(<PreferencesSection />);
    expect(await screen.findByText('Your preferences could not be loaded')).toBeTruthy();
    failing = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(
      await screen.findByRole('checkbox', { name: 'I receive points (Pay It Forward or a points upload)' }),
    ).toBeTruthy();
  });
});
