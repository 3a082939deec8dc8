import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestWrapper as wrapper } from '../test/test-wrapper.tsx';
import { DayInput, parseDayMonthYear, typedDayProblem } from './day-input.tsx';

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

describe('typedDayProblem', () => {
  it('says why typed text was not taken: not a date, or outside the allowed dates', () => {
    expect(typedDayProblem('99/99/9999')).toBe('Type it as dd/mm/yyyy');
    expect(typedDayProblem('yesterday')).toBe('Type it as dd/mm/yyyy');
    expect(typedDayProblem('01/03/2031', '2031-03-05')).toBe('Choose 05/03/2031 or later');
    expect(typedDayProblem('09/03/2031', undefined, '2031-03-05')).toBe('Choose 05/03/2031 or earlier');
    expect(typedDayProblem('05/03/2031', '2031-03-05', '2031-03-05')).toBeNull();
    expect(typedDayProblem('  ')).toBeNull(); // an emptied field is the caller's to judge
  });
});

function FromField({ initial }: { initial: string }) {
  const [value, setValue] = useState<string | null>(initial);
  return <DayInput label="From" value={value} onChange={setValue} minDate="2031-03-01" />;
}

describe('DayInput', () => {
  it('puts the previous date back when the typed text is not taken, and says why until changed', async () => {
    render(<FromField initial="2031-03-05" />, { wrapper });
    const user = userEvent.setup();
    const field = screen.getByLabelText('From');
    await user.clear(field);
    await user.type(field, '99/99/9999');
    await user.tab();
    expect((field as HTMLInputElement).value).toBe('05/03/2031');
    expect(screen.getByText('Type it as dd/mm/yyyy')).toBeTruthy();

    await user.clear(field);
    await user.type(field, '07/03/2031');
    expect(screen.queryByText('Type it as dd/mm/yyyy')).toBeNull();
    await user.tab();
    expect((field as HTMLInputElement).value).toBe('07/03/2031');
  });
});
