import { describe, expect, it } from 'vitest';
import { toDayAndTime, toNewsInput } from './news-form.tsx';

describe('news window: day and time in the browser zone <-> ISO instants', () => {
  it('reads back the day and time an instant was entered as', () => {
    const input = toNewsInput({
      text: '  Town hall  ',
      fromDay: '2026-12-01',
      fromTime: '08:30',
      untilDay: '2026-12-05',
      untilTime: '',
    });
    expect(input.text).toBe('Town hall');
    expect(toDayAndTime(input.showFrom ?? null)).toEqual({ day: '2026-12-01', time: '08:30' });
    // A day without a time is the start of that day.
    expect(toDayAndTime(input.showUntil ?? null)).toEqual({ day: '2026-12-05', time: '00:00' });
  });

  it('leaves an empty end open', () => {
    const input = toNewsInput({ text: 'Open', fromDay: '', fromTime: '', untilDay: '', untilTime: '' });
    expect(input).toEqual({ text: 'Open', showFrom: null, showUntil: null });
    expect(toDayAndTime(null)).toEqual({ day: '', time: '' });
  });
});
