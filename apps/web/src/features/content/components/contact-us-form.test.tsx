import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { ContactUsForm } from './contact-us-form.tsx';

vi.mock('../../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn() },
}));

describe('ContactUsForm', () => {
  it('says the 2,000-character limit, counts, and stops typing there', async () => {
    render(<ContactUsForm onSent={vi.fn()} />, { wrapper });
    const box = screen.getByLabelText(/^Message/) as HTMLTextAreaElement;
    expect(screen.getByText(/Up to 2000 characters/)).toBeTruthy();
    expect(box.maxLength).toBe(2000);
    await userEvent.setup().type(box, 'Hello');
    expect(screen.getByText('5 / 2000')).toBeTruthy();
    fireEvent.input(box, { target: { value: 'x'.repeat(1900) } });
    expect(await screen.findByText('1900 / 2000')).toBeTruthy();
  });

  it('moves the focus to its message when a refusal names no field', async () => {
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError('Too many messages. Try again later.', 429, 'Too Many Requests', {
        title: 'Too Many Requests',
        status: 429,
        message: 'Too many messages. Try again later.',
      }),
    );
    render(<ContactUsForm onSent={vi.fn()} />, { wrapper });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Subject/), 'Points');
    await user.type(screen.getByLabelText(/^Message/), 'Where are they?');
    await user.click(screen.getByRole('button', { name: 'SEND MESSAGE' }));
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-form-alert')).toBe(true));
    expect(document.activeElement?.textContent).toContain('Too many messages');
  });
});
