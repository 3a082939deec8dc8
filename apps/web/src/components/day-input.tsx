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

/**
 * A date typed as dd/mm/yyyy or picked on a calendar (spec §9), whatever the browser's locale;
 * its value is a 'YYYY-MM-DD' string. Statements, reports, the dashboard and the news admin use it.
 */
export function DayInput(props: DateInputProps) {
  return (
    <DateInput
      valueFormat={DAY_FORMAT}
      dateParser={parseDayMonthYear}
      placeholder="dd/mm/yyyy"
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': 'Clear the date' }}
      {...props}
    />
  );
}
