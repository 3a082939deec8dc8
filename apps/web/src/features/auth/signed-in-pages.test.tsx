import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import { stubFetch } from '../../test/fetch-stub.ts';
import { renderWithApp } from '../../test/render-app.tsx';
import { jsonResponse, sessionResponse } from '../../test/session-fixture.ts';
import ContactSupportPage from './contact-support-page.tsx';
import RegisterPage from './register-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';
import WelcomeTrfAuthPage from './welcome-trf-auth-page.tsx';

function pages() {
  return (
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/resetpassword" element={<ResetPasswordPage />} />
      <Route path="/welcometrfauth" element={<WelcomeTrfAuthPage />} />
      <Route path="/contactsupport" element={<ContactSupportPage />} />
    </Routes>
  );
}

/** Answers by path; `refuse` answers the form's own request. */
function answer(fetchMock: ReturnType<typeof stubFetch>, refuse?: () => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/spa/loadsession')) return jsonResponse(sessionResponse());
    if (url.endsWith('/api/auth/oidc/config')) return jsonResponse({ enabled: false, label: '' });
    if (refuse) return refuse();
    throw new Error(`unexpected ${url}`);
  });
}

describe('sign-in pages for a signed-in member (decision 0099)', () => {
  const fetchMock = stubFetch();

  it.each(['/register', '/resetpassword', '/welcometrfauth'])('%s says so and leads Home', async (path) => {
    sessionStorage.setItem('authToken', 't');
    answer(fetchMock);
    renderWithApp(pages(), { path });
    expect(await screen.findByText('You are already signed in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'GO TO HOME' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: /SIGN IN|REGISTER|SEND RESET LINK/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).toBeNull();
  });

  it('/register stays the anonymous form when signed out', async () => {
    answer(fetchMock);
    renderWithApp(pages(), { path: '/register' });
    expect(await screen.findByRole('button', { name: 'REGISTER' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/hello');
  });

  it('/contactsupport starts from the session and links back Home', async () => {
    sessionStorage.setItem('authToken', 't');
    answer(fetchMock);
    renderWithApp(pages(), { path: '/contactsupport' });
    expect(((await screen.findByLabelText(/Your name/)) as HTMLInputElement).value).toBe('Wanjiku Kamau');
    expect((screen.getByLabelText(/E-mail address/) as HTMLInputElement).value).toBe('member.ke@example.com');
    expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe('+254 700 000 001');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Back to sign in' })).toBeNull();
  });
});

describe('a refusal that names no field moves the focus to the form’s message (decision 0090)', () => {
  const fetchMock = stubFetch();
  const tooMany = () =>
    jsonResponse({ title: 'Too Many Requests', status: 429, message: 'Too many attempts. Try again later.' }, 429);

  it('/contactsupport on a 429', async () => {
    answer(fetchMock, tooMany);
    renderWithApp(pages(), { path: '/contactsupport' });
    fireEvent.change(await screen.findByLabelText(/Your name/), { target: { value: 'Ann Lee' } });
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText(/How can we help/), { target: { value: 'I cannot sign in.' } });
    fireEvent.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Too many attempts'));
    expect(document.activeElement?.hasAttribute('data-form-alert')).toBe(true);
  });

  it('/register on a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithApp(pages(), { path: '/register' });
    fireEvent.change(await screen.findByLabelText(/Employee number/), { target: { value: 'E1' } });
    fireEvent.change(screen.getByLabelText(/Work e-mail address/), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'REGISTER' }));
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-form-alert')).toBe(true));
  });

  it('/resetpassword?token=… on a 500', async () => {
    answer(fetchMock, () => jsonResponse({ title: 'Internal Server Error', status: 500, traceId: 'x' }, 500));
    renderWithApp(pages(), { path: '/resetpassword?token=abc' });
    fireEvent.change(await screen.findByLabelText(/^New password/, { selector: 'input' }), {
      target: { value: 'Correct-horse-battery-9' },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), {
      target: { value: 'Correct-horse-battery-9' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'CHANGE PASSWORD' }));
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-form-alert')).toBe(true));
  });
});
