import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ProfileForm } from './profile-form.tsx';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));
const put = vi.mocked(api.put);

const profile = {
  cellNum: '082 555 0123',
  email: 'member.za@example.com',
  interests: 'Bohemian Rhapsody',
  asperations: '',
};
const VALIDATION = 'One or more validation errors occurred.';

const field = (label: RegExp) => screen.getByLabelText(label);

describe('ProfileForm', () => {
  beforeEach(() => {
    put.mockReset();
  });

  it('puts a server 400 errors map onto the matching fields (keys ignore case)', async () => {
    put.mockRejectedValue(
      new ApiError(VALIDATION, 400, 'Bad Request', {
        type: 'https://ovation.example/problems/validation',
        title: VALIDATION,
        status: 400,
        errors: {
          Email: ['Another member already uses this e-mail address'],
          cellnum: ['Cell number must be at least 10 characters', 'Cell number may hold only digits'],
        },
        traceId: 't1',
      }),
    );
    render(<ProfileForm profile={profile} onSaved={vi.fn()} />, { wrapper });

    await userEvent.setup().click(screen.getByRole('button', { name: 'SAVE PROFILE' }));

    const email = field(/e-mail address/i);
    await screen.findByText('Another member already uses this e-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(field(/cell number/i).getAttribute('aria-invalid')).toBe('true');
    // Several messages for one field are joined by a line break.
    const cellError = screen.getByText(/Cell number must be at least 10 characters/);
    expect(cellError.textContent).toBe('Cell number must be at least 10 characters\nCell number may hold only digits');
    // Fields without a server message stay valid.
    expect(field(/theme song of my life/i).getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Your profile was not saved');
    expect(put).toHaveBeenCalledWith('/api/profile', { ...profile, asperations: '' }, { silent: true });
  });

  it('hands the new session to the page when saved', async () => {
    const session = { isProfileIncomplete: false };
    put.mockResolvedValue(session);
    const onSaved = vi.fn();
    render(<ProfileForm profile={{ ...profile, cellNum: '' }} onSaved={onSaved} />, { wrapper });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'SAVE PROFILE' }));
    await screen.findByText('Cell number must be at least 10 characters');
    expect(put).not.toHaveBeenCalled();

    await user.type(field(/cell number/i), '+27 82 555 0123');
    await user.click(screen.getByRole('button', { name: 'SAVE PROFILE' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(session));
  });

  it('asks for the current password only when the e-mail changes, and sends it', async () => {
    put.mockResolvedValue({ isProfileIncomplete: false });
    render(<ProfileForm profile={profile} onSaved={vi.fn()} />, { wrapper });
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByLabelText(/current password/i)).toBeNull();

    const email = field(/e-mail address/i);
    await user.clear(email);
    await user.type(email, 'new.address@example.com');
    const current = await screen.findByLabelText(/current password/i);
    await user.type(current, 'Correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'SAVE PROFILE' }));
    await vi.waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        '/api/profile',
        { ...profile, email: 'new.address@example.com', currentPassword: 'Correct-horse-42' },
        { silent: true },
      ),
    );
  }, 20_000);

  it('asks no password for a first address: there is none to move away from', async () => {
    put.mockResolvedValue({ isProfileIncomplete: false });
    render(<ProfileForm profile={{ ...profile, email: '' }} onSaved={vi.fn()} />, { wrapper });
    const user = userEvent.setup({ delay: null });
    await user.type(field(/e-mail address/i), 'first.address@example.com');
    expect(screen.queryByLabelText(/current password/i)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'SAVE PROFILE' }));
    await vi.waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        '/api/profile',
        { ...profile, email: 'first.address@example.com' },
        { silent: true },
      ),
    );
  }, 20_000);
});

describe('ProfileForm: a double click', () => {
  it('saves once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    put.mockReset().mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const onSaved = vi.fn();
    render(<ProfileForm profile={profile} onSaved={onSaved} />, { wrapper });
    await userEvent.setup().dblClick(screen.getByRole('button', { name: 'SAVE PROFILE' }));
    await vi.waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    answer({ profile });
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledTimes(1);
  });
});
