import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from 'react-router';
import { cookieConsent } from '../components/cookie-banner/cookie-consent.ts';
import { stubFetch } from '../test/fetch-stub.ts';
import { renderWithApp } from '../test/render-app.tsx';
import { RootLayout } from './root-layout.tsx';

function app() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          path="/contactsupport"
          element={
            <>
              <title>Contact support · Ovation</title>
              <Link to="/register">Register</Link>
            </>
          }
        />
        <Route path="/register" element={<title>Register · Ovation</title>} />
      </Route>
    </Routes>
  );
}

describe('RootLayout', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    document.cookie = 'cPol=; Path=/; Max-Age=0';
    cookieConsent.forget();
    fetchMock.mockImplementation(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts the cookie banner before the header and the main content in the tab order', () => {
    renderWithApp(app(), { path: '/contactsupport' });
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    const main = screen.getByRole('main');
    const header = document.querySelector('header')!;
    expect(banner.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('announces the page a move inside the app opened', async () => {
    renderWithApp(app(), { path: '/contactsupport' });
    const announcer = document.querySelector('[data-route-announcer]')!;
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('');
    vi.useFakeTimers();
    const link = screen.getByRole('link', { name: 'Register' });
    link.focus();
    act(() => link.click());
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(announcer.textContent).toBe('Register · Ovation');
    // The link that had the focus is gone with its page: the focus goes to the main content.
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
