import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import type { StatementQuery } from '@ovation/shared/schemas/statements';
import { DayInput } from '../../../components/day-input.tsx';

interface DateRangeFilterProps {
  value: Required<StatementQuery>;
  onChange: (range: Required<StatementQuery>) => void;
  /**
   * Extra actions on the same row (Export CSV), given the period as typed (which Show has not
   * applied yet, perhaps) and whether it is a period at all.
   */
  actions?: (typed: Required<StatementQuery>, valid: boolean) => ReactNode;
}

/** From/to dates (typed as dd/mm/yyyy or picked on a calendar) applied together with 'Show'. */
export function DateRangeFilter({ value, onChange, actions }: DateRangeFilterProps) {
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
        <DayInput
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
          label="From"
          value={from || null}
          maxDate={to || undefined}
          onChange={(next) => setFrom(next ?? '')}
        />
        <DayInput
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
          label="To"
          value={to || null}
          minDate={from || undefined}
          onChange={(next) => setTo(next ?? '')}
          error={wrongOrder ? 'The end is before the start' : undefined}
        />
        <Button type="submit" variant="light" disabled={wrongOrder}>
          Show
        </Button>
        {actions?.({ from, to }, !wrongOrder)}
      </Group>
    </form>
  );
}
