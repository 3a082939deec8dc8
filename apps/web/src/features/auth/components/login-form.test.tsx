import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { LoginForm } from './login-form.tsx';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const post = vi.mocked(api.post);

const problem = (status: number, title: string, message: string) =>
  new ApiError(message, status, title, { type: 'x', title, status, message, traceId: 't1' });

async function fillAndSubmit(email = 'Member.ZA@example.com ', password = 'wrong-password') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/e-mail address/i), email);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
}

describe('LoginForm', () => {
  // A function returned from beforeEach would run as a teardown: keep the body a block.
  beforeEach(() => {
    post.mockReset();
  });

  it('shows the server message inside the form on 401', async () => {
    post.mockRejectedValue(problem(401, 'Unauthorized', 'The e-mail address or password is incorrect.'));
    const onSignedIn = vi.fn();
    render(<LoginForm onSignedIn={onSignedIn} />, { wrapper });

    await fillAndSubmit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sign-in failed');
    expect(alert.textContent).toContain('The e-mail address or password is incorrect.');
    expect(onSignedIn).not.toHaveBeenCalled();
    // The keyboard is back on the password (the busy button had lost the focus).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^password/i)));
    // Sent silently (the form reports it) with the e-mail normalised by the shared schema.
    expect(post).toHaveBeenCalledWith(
      '/api/auth/login',
      { email: 'member.za@example.com', password: 'wrong-password' },
      { silent: true },
    );
  });

  it('marks an empty password invalid for assistive technology, as the e-mail', async () => {
    render(<LoginForm onSignedIn={vi.fn()} />, { wrapper });
    await userEvent.setup().click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText(/^password/i).getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the lockout message on 429', async () => {
    const text = 'Too many sign-in attempts. Please wait 15 minutes and try again, or reset your password.';
    post.mockRejectedValue(problem(429, 'Too Many Requests', text));
    render(<LoginForm onSignedIn={vi.fn()} />, { wrapper });
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('passes the token on and validates before calling the server', async () => {
    post.mockResolvedValue({ authToken: 'tok' });
    const onSignedIn = vi.fn();
    render(<LoginForm onSignedIn={onSignedIn} />, { wrapper });

    await userEvent.setup().click(screen.getByRole('button', { name: 'SIGN IN' }));
    await screen.findByText('E-mail is required');
    expect(screen.getByLabelText(/e-mail address/i).getAttribute('aria-invalid')).toBe('true');
    expect(post).not.toHaveBeenCalled();

    await fillAndSubmit('member.za@example.com', 'Ovation-demo-1');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('tok'));
  });

  it('second factor: a wrong code moves the focus to the form’s message', async () => {
    post.mockImplementation(async (path: string) => {
      if (path === '/api/auth/login') return { challenge: 'ch-1' };
      throw problem(401, 'Unauthorized', 'That code is not right. Try the current one from your app.');
    });
    render(<LoginForm onSignedIn={vi.fn()} />, { wrapper });
    await fillAndSubmit('member.za@example.com', 'Ovation-demo-1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Authentication code/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'VERIFY' }));
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-form-alert')).toBe(true));
    expect(document.activeElement?.textContent).toContain('That code is not right');
  });
});
