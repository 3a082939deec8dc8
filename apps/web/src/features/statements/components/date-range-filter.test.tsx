import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { DateRangeFilter, parseDayMonthYear } from './date-range-filter.tsx';

describe('parseDayMonthYear', () => {
  it('reads dd/mm/yyyy as an ISO date and refuses what is not a calendar date', () => {
    expect(parseDayMonthYear('05/03/2031')).toBe('2031-03-05');
    expect(parseDayMonthYear(' 5/3/2031 ')).toBe('2031-03-05');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
    expect(parseDayMonthYear('31/02/2031')).toBeNull();
    expect(parseDayMonthYear('2031-03-05')).toBeNull();
    expect(parseDayMonthYear('03/13/2031')).toBeNull();
  });
});

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

  it('does not take an end before the start', async () => {
    const onChange = vi.fn();
    render(<DateRangeFilter value={{ from: '2031-03-10', to: '2031-03-31' }} onChange={onChange} />, { wrapper });
    const to = screen.getByLabelText('To') as HTMLInputElement;
    await userEvent.clear(to);
    await userEvent.type(to, '01/03/2031');
    fireEvent.blur(to);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    // The calendar's minimum is the start: the typed date is not taken, the end stays as it was.
    expect(to.value).toBe('31/03/2031');
    expect(onChange).toHaveBeenCalledWith({ from: '2031-03-10', to: '2031-03-31' });
  });
});
