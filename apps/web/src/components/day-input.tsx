import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';

/** The spec §9 date format, shown and typed. Values stay 'YYYY-MM-DD' strings. */
export const DAY_FORMAT = 'DD/MM/YYYY';
const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Reads a typed dd/MM/yyyy date (a real calendar date) as 'YYYY-MM-DD'; null otherwise. */
export function parseDayMonthYear(input: string): string | null {
  const match = DAY_MONTH_YEAR.exec(input.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' (or a Date) as the spec's dd/mm/yyyy. */
const shownDay = (day: string) => day.split('-').reverse().join('/');
const isoDay = (value: DateInputProps['minDate']) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value ? String(value).slice(0, 10) : undefined;

/**
 * Why the text typed in a date field was not taken (the calendar puts back the previous date when
 * the member leaves the field): not a date, or outside the dates the field allows. Null when taken.
 */
export function typedDayProblem(text: string, min?: string, max?: string): string | null {
  if (!text.trim()) return null;
  const day = parseDayMonthYear(text);
  if (!day) return 'Type it as dd/mm/yyyy';
  if (min && day < min) return `Choose ${shownDay(min)} or later`;
  if (max && day > max) return `Choose ${shownDay(max)} or earlier`;
  return null;
}

/**
 * A date typed as dd/mm/yyyy or picked on a calendar (spec §9), whatever the browser's locale;
 * its value is a 'YYYY-MM-DD' string. Statements, reports, the dashboard and the news admin use it.
 * Typed text the field cannot take is not dropped in silence: the previous date comes back and the
 * field says why, until the member changes it.
 */
export function DayInput(props: DateInputProps) {
  // The problem holds for the dates allowed when it was found: another From or To clears it.
  const bounds = `${isoDay(props.minDate)}|${isoDay(props.maxDate)}`;
  const [problem, setProblem] = useState<{ text: string | null; bounds: string }>({ text: null, bounds });
  const shownProblem = problem.bounds === bounds ? problem.text : null;
  return (
    <DateInput
      valueFormat={DAY_FORMAT}
      dateParser={parseDayMonthYear}
      placeholder="dd/mm/yyyy"
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': 'Clear the date' }}
      {...props}
      error={props.error || shownProblem}
      onChange={(value) => {
        setProblem({ text: null, bounds });
        props.onChange?.(value);
      }}
      onBlur={(event) => {
        const text = typedDayProblem(event.currentTarget.value, isoDay(props.minDate), isoDay(props.maxDate));
        setProblem({ text, bounds });
        props.onBlur?.(event);
      }}
    />
  );
}
