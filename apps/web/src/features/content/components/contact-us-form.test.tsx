import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
});
