import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_CACHE_KEY } from '../../api/home-cache.ts';
import { readCookie } from '../../lib/cookie-policy.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { CookieBanner } from './cookie-banner.tsx';
import { cookieConsent } from './cookie-consent.ts';
import { BANNER_SPACE_VAR } from './use-banner-space.ts';
import { MAIN_CONTENT_ID } from '../skip-link.tsx';

describe('CookieBanner', () => {
  beforeEach(() => {
    document.cookie = 'cPol=; Path=/; Max-Age=0';
    cookieConsent.forget();
  });

  it('shows until I ACCEPT, keeping functional as chosen', async () => {
    renderWithApp(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'I ACCEPT' }));
    expect(screen.queryByRole('button', { name: 'I ACCEPT' })).toBeNull();
    expect(readCookie(document.cookie, 'cPol')).toBe('yy-');
  });

  it('preferences: functional off then ACCEPT (Home’s stored data goes); Reset restores the defaults', async () => {
    sessionStorage.setItem(HOME_CACHE_KEY, '{"exp":1}');
    renderWithApp(<CookieBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Cookie Preferences' }));
    const mandatory = await screen.findByRole('checkbox', { name: /Mandatory/ });
    expect((mandatory as HTMLInputElement).checked).toBe(true);
    expect((mandatory as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /Functional/ }));
    await userEvent.click(screen.getByRole('button', { name: 'ACCEPT' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readCookie(document.cookie, 'cPol')).toBe('y--');
    expect(sessionStorage.getItem(HOME_CACHE_KEY)).toBeNull();

    cookieConsent.openPreferences();
    await userEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readCookie(document.cookie, 'cPol')).toBe('-y-');
    expect(screen.getByRole('button', { name: 'I ACCEPT' })).toBeTruthy();
  });

  it('closing the preferences (Escape, Reset) gives the focus back to Cookie Preferences (WCAG 2.4.3)', async () => {
    renderWithApp(<CookieBanner />);
    const opener = screen.getByRole('button', { name: 'Cookie Preferences' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Cookie Preferences' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('accepting removes the banner and its controls: the focus goes to the main content, not lost (WCAG 2.4.3)', async () => {
    const main = Object.assign(document.createElement('main'), { id: MAIN_CONTENT_ID, tabIndex: -1 });
    document.body.append(main);
    try {
      renderWithApp(<CookieBanner />);
      await userEvent.click(screen.getByRole('button', { name: 'I ACCEPT' }));
      await waitFor(() => expect(document.activeElement).toBe(main));

      main.blur();
      cookieConsent.reset();
      await userEvent.click(await screen.findByRole('button', { name: 'Cookie Preferences' }));
      await userEvent.click(await screen.findByRole('button', { name: 'ACCEPT' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(main));
    } finally {
      main.remove();
    }
  });

  it('keeps room for itself while shown and scrolls a focused element out from under it (WCAG 2.4.11)', async () => {
    const rect = (top: number, bottom: number) => ({ top, bottom, height: bottom - top }) as DOMRect;
    renderWithApp(
      <>
        <a href="/hello">Back to sign in</a>
        <CookieBanner />
      </>,
    );
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    vi.spyOn(banner, 'getBoundingClientRect').mockReturnValue(rect(700, 836));
    window.dispatchEvent(new Event('resize'));
    expect(document.documentElement.style.getPropertyValue(BANNER_SPACE_VAR)).not.toBe('');

    const link = screen.getByRole('link', { name: 'Back to sign in' });
    vi.spyOn(link, 'getBoundingClientRect').mockReturnValue(rect(720, 740));
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    link.focus();
    expect(scrollBy).toHaveBeenCalledWith({ top: 48 });

    await userEvent.click(screen.getByRole('button', { name: 'I ACCEPT' }));
    expect(document.documentElement.style.getPropertyValue(BANNER_SPACE_VAR)).toBe('');
    scrollBy.mockRestore();
  });
});
