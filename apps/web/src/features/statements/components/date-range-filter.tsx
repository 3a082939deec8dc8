import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { StatementQuery } from '@ovation/shared/schemas/statements';

interface DateRangeFilterProps {
  value: Required<StatementQuery>;
  onChange: (range: Required<StatementQuery>) => void;
  /** Extra actions on the same row (Export CSV). */
  children?: ReactNode;
}

/** The spec §9 date format, shown and typed. Values stay 'YYYY-MM-DD' strings. */
export const DATE_FORMAT = 'DD/MM/YYYY';
const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Reads a typed dd/MM/yyyy date (a real calendar date) as 'YYYY-MM-DD'; null otherwise. */
export const parseDayMonthYear: NonNullable<DateInputProps['dateParser']> = (input) => {
  const match = DAY_MONTH_YEAR.exec(input.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

const dateInputProps = {
  valueFormat: DATE_FORMAT,
  dateParser: parseDayMonthYear,
  placeholder: 'dd/mm/yyyy',
  w: { base: 'calc(50% - 6px)', sm: 170 },
  popoverProps: { withinPortal: true },
} satisfies Partial<DateInputProps>;

/** From/to dates (typed as dd/mm/yyyy or picked on a calendar) applied together with 'Show'. */
export function DateRangeFilter({ value, onChange, children }: DateRangeFilterProps) {
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const wrongOrder = from !== '' && to !== '' && from > to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!wrongOrder) onChange({ from, to });
  };

  return (
    <form onSubmit={submit} aria-label="Statement period">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateInput
          {...dateInputProps}
          label="From"
          value={from || null}
          maxDate={to || undefined}
          onChange={(next) => setFrom(next ?? '')}
        />
        <DateInput
          {...dateInputProps}
          label="To"
          value={to || null}
          minDate={from || undefined}
          onChange={(next) => setTo(next ?? '')}
          error={wrongOrder ? 'The end is before the start' : undefined}
        />
        <Button type="submit" variant="light" disabled={wrongOrder}>
          Show
        </Button>
        {children}
      </Group>
    </form>
  );
}
