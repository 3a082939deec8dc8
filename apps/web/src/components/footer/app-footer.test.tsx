import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse } from '../../test/session-fixture.ts';
import { CookieBanner } from '../cookie-banner/cookie-banner.tsx';
import { cookieConsent } from '../cookie-banner/cookie-consent.ts';
import { AppFooter } from './app-footer.tsx';

describe('AppFooter dialogs give the focus back to the link that opened them (WCAG 2.4.3)', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    document.cookie = 'cPol=; Path=/; Max-Age=0';
    cookieConsent.forget();
    fetchMock.mockImplementation(async () => jsonResponse({ title: 'Policy', content: '<p>Text</p>' }));
  });

  it('Privacy Policy: closed with Escape', async () => {
    renderWithApp(<AppFooter />);
    const opener = screen.getByRole('button', { name: 'Privacy Policy' });
    await userEvent.click(opener);
    await screen.findByText('Text');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('Terms and Conditions: closed with the close button', async () => {
    renderWithApp(<AppFooter />);
    const opener = screen.getByRole('button', { name: 'Terms and Conditions' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('Manage Privacy: the cookie preferences saved with ACCEPT', async () => {
    renderWithApp(
      <>
        <AppFooter />
        <CookieBanner />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Manage Privacy' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'ACCEPT' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
