import { screen, within } from '@testing-library/react';
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
