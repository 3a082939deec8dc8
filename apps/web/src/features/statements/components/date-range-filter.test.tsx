import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { DateRangeFilter } from './date-range-filter.tsx';

describe('DateRangeFilter', () => {
  it('shows the period as dd/mm/yyyy and applies a typed date with Show', async () => {
    const onChange = vi.fn();
    render(<DateRangeFilter value={{ from: '2031-03-01', to: '2031-03-31' }} onChange={onChange} />, { wrapper });
    const from = screen.getByLabelText('From') as HTMLInputElement;
    expect(from.value).toBe('01/03/2031');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('31/03/2031');

    await userEvent.clear(from);
    await userEvent.type(from, '05/03/2031');
    fireEvent.blur(from);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2031-03-05', to: '2031-03-31' });
  });

  it('keeps an end before the start as typed, says so and applies nothing until it is put right', async () => {
    const onChange = vi.fn();
    render(<DateRangeFilter value={{ from: '2031-03-10', to: '2031-03-31' }} onChange={onChange} />, { wrapper });
    const to = screen.getByLabelText('To') as HTMLInputElement;
    await userEvent.clear(to);
    await userEvent.type(to, '01/03/2031');
    fireEvent.blur(to);
    expect(to.value).toBe('01/03/2031');
    expect(screen.getByRole('alert').textContent).toBe('The end is before the start');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const show = screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement;
    expect(show.disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.clear(to);
    await userEvent.type(to, '20/03/2031');
    fireEvent.blur(to);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(to.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.click(show);
    expect(onChange).toHaveBeenCalledWith({ from: '2031-03-10', to: '2031-03-20' });
  });
});
