import { ActionIcon, Group, Title, VisuallyHidden } from '@mantine/core';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/social/icons.tsx';
import { MoodIcon } from '../../../components/social/mood-icon.tsx';
import type { MoodDay } from '../../../api/mood.ts';
import { dateKey, monthTitle, monthWeeks } from './month.ts';
import classes from './month-calendar.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

interface Props {
  year: number;
  month: number;
  moods: MoodDay[];
  names: Record<number, string>;
  /**
   * Whether `moods` is this month's answer. While it loads, or after it failed, a day without a
   * mood is not known to have none: its cell names the date only. Default true.
   */
  loaded?: boolean;
  onPrev(): void;
  /** Absent when the month shown is the current one: there is nothing to see after it. */
  onNext?: () => void;
}

/** A month grid with the mood of each checked-in day; today is outlined. */
export function MonthCalendar({ year, month, moods, names, loaded = true, onPrev, onNext }: Props) {
  const byDay = new Map(moods.map((m) => [m.day, m.value]));
  const now = new Date();
  // The check-in day is the firm's day, UTC, as the server keeps it (decision 0087).
  const today = dateKey(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const title = monthTitle(year, month);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <ActionIcon variant="light" onClick={onPrev} aria-label="Previous month">
          <ChevronLeftIcon />
        </ActionIcon>
        <Title order={2} size="h4" aria-live="polite">
          {title}
        </Title>
        {/* Not `disabled`: a button that disables itself under the keyboard would drop its focus. */}
        <ActionIcon
          variant="light"
          onClick={onNext}
          aria-label="Next month"
          data-disabled={onNext ? undefined : true}
          aria-disabled={onNext ? undefined : true}
        >
          <ChevronRightIcon />
        </ActionIcon>
      </Group>
      <table className={classes.table} aria-label={`Moods in ${title}`}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (day === null) return <td key={i} className={classes.empty} />;
                const key = dateKey(year, month, day);
                const mood = byDay.get(key);
                const isToday = key === today;
                const date = `${day}${isToday ? ', today' : ''}`;
                const label = mood ? `${date}: ${names[mood]}` : loaded ? `${date}: no check-in` : date;
                // The name is the cell's text (an aria-label on a plain cell is not read everywhere).
                return (
                  <td key={i} className={classes.day} data-today={isToday || undefined}>
                    <VisuallyHidden>{label}</VisuallyHidden>
                    <span className={classes.number} aria-hidden="true">
                      {day}
                    </span>
                    {mood ? <MoodIcon value={mood} active size={26} /> : <span className={classes.none} />}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
