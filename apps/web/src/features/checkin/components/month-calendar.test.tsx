import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TestWrapper as wrapper } from '../../../test/test-wrapper.tsx';
import { MonthCalendar } from './month-calendar.tsx';

const names = { 1: 'happy', 2: 'okay', 3: 'unhappy' };

describe('MonthCalendar', () => {
  it('moves both ways from a past month', () => {
    const onPrev = vi.fn();
    const onNext = vi.fn();
    render(<MonthCalendar year={2026} month={9} moods={[]} names={names} onPrev={onPrev} onNext={onNext} />, {
      wrapper,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onPrev).toHaveBeenCalledTimes(1);
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Next month' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('offers no month after the current one, and keeps the button focusable', () => {
    render(<MonthCalendar year={2026} month={10} moods={[]} names={names} onPrev={() => {}} />, { wrapper });
    const next = screen.getByRole('button', { name: 'Next month' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect((next as HTMLButtonElement).disabled).toBe(false);
    next.focus();
    fireEvent.click(next);
    expect(document.activeElement).toBe(next);
    expect(screen.getByRole('table', { name: 'Moods in November 2026' })).toBeTruthy();
  });

  it("outlines the firm's day (UTC) as today: 01:00 in Johannesburg is still the day before", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Africa/Johannesburg'; // the browser's zone: the 15th, locally
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T01:00:00+02:00'));
    try {
      expect(new Date().getDate()).toBe(15);
      render(
        <MonthCalendar
          year={2026}
          month={10}
          moods={[{ day: '2026-11-14', value: 1 }]}
          names={names}
          onPrev={() => {}}
        />,
        {
          wrapper,
        },
      );
      expect(screen.getByRole('cell', { name: '14, today: happy' })).toBeTruthy();
      expect(screen.getByRole('cell', { name: '15: no check-in' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("names each day by the cell's own text, not an aria-label, with the visible number hidden", () => {
    render(
      <MonthCalendar year={2026} month={9} moods={[{ day: '2026-10-03', value: 2 }]} names={names} onPrev={() => {}} />,
      { wrapper },
    );
    const cell = screen.getByRole('cell', { name: '3: okay' });
    expect(cell.hasAttribute('aria-label')).toBe(false);
    expect(cell.querySelector('[aria-hidden="true"]')?.textContent).toBe('3');
    expect(screen.getByRole('cell', { name: '4: no check-in' })).toBeTruthy();
    expect(document.querySelectorAll('td[aria-label]')).toHaveLength(0);
  });

  it('says nothing about check-ins while the month is not loaded (loading or failed): the date only', () => {
    render(<MonthCalendar year={2026} month={9} moods={[]} names={names} loaded={false} onPrev={() => {}} />, {
      wrapper,
    });
    expect(screen.getByRole('cell', { name: '4' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '31' })).toBeTruthy();
    expect(screen.queryByText(/no check-in/)).toBeNull();
  });
});
