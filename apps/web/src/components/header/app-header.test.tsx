import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import { AppHeader } from './app-header.tsx';

describe('AppHeader', () => {
  const fetchMock = stubFetch();

  it('Kenya member: Pay It Forward is greyed with the hint; no rewards menu', async () => {
    sessionStorage.setItem('authToken', 'token-ke');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ country: 'Kenya' })));
    renderWithApp(<AppHeader />, { path: '/gettoknow' });

    const recognise = await screen.findByRole('button', { name: /Recognise/ });
    expect(screen.queryByRole('button', { name: /My Rewards/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Management/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Get to Know' })).toBeTruthy();

    await userEvent.click(recognise);
    const menu = await screen.findByRole('menu');
    const pif = within(menu).getByRole('menuitem', { name: /Pay It Forward/ });
    expect(pif.getAttribute('aria-disabled')).toBe('true');
    expect(within(pif).getByText('Not Available in your Country')).toBeTruthy();
    const high5 = within(menu).getByRole('menuitem', { name: 'High Five' });
    expect(high5.getAttribute('aria-disabled')).toBeNull();
    expect(high5.getAttribute('href')).toBe('/high5');

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/spa/loadsession');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-ke');
  });

  it('Kenya member: arrow keys reach the greyed Pay It Forward, which names its hint and does nothing', async () => {
    sessionStorage.setItem('authToken', 'token-ke');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({ country: 'Kenya' })));
    renderWithApp(<AppHeader />, { path: '/gettoknow' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Recognise/ }));
    const menu = await screen.findByRole('menu');
    const recognise = within(menu).getByRole('menuitem', { name: 'Recognise' });
    await waitFor(() => expect(document.activeElement).toBe(recognise));
    await user.keyboard('{ArrowDown}');
    // The hint is part of the accessible name.
    const pif = within(menu).getByRole('menuitem', { name: 'Pay It Forward Not Available in your Country' });
    expect(document.activeElement).toBe(pif);
    expect(pif.getAttribute('aria-disabled')).toBe('true');
    expect(pif.getAttribute('href')).toBeNull();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy(); // still open: nothing happened
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'High Five' }));
  });

  it('Tab closes an open menu and leaves its button (WAI-ARIA menu button)', async () => {
    sessionStorage.setItem('authToken', 'token-za');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({})));
    renderWithApp(<AppHeader />, { path: '/gettoknow' });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /Recognise/ });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
    expect(menu.contains(document.activeElement)).toBe(false);
  });

  it('choosing a page from a menu moves the focus to the main content', async () => {
    sessionStorage.setItem('authToken', 'token-za');
    fetchMock.mockResolvedValue(jsonResponse(sessionResponse({})));
    renderWithApp(
      <>
        <AppHeader />
        <main id="main-content" tabIndex={-1} />
      </>,
      { path: '/gettoknow' },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Recognise/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'High Five' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('main-content'));
  });

  it('logged out: only a home link', () => {
    renderWithApp(<AppHeader />, { path: '/register' });
    expect(screen.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('is hidden on /hello', () => {
    const { container } = renderWithApp(<AppHeader />, { path: '/hello' });
    expect(container.querySelector('header')).toBeNull();
  });
});
