import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import type { StatementQuery } from '@ovation/shared/schemas/statements';

interface DateRangeFilterProps {
  value: Required<StatementQuery>;
  onChange: (range: Required<StatementQuery>) => void;
  /** Extra actions on the same row (Export CSV). */
  children?: ReactNode;
}

/** From/to dates (native date inputs) applied together with 'Show'. */
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
        <TextInput
          type="date"
          label="From"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.currentTarget.value)}
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={wrongOrder ? 'The end is before the start' : undefined}
          w={{ base: 'calc(50% - 6px)', sm: 170 }}
        />
        <Button type="submit" variant="light" disabled={wrongOrder}>
          Show
        </Button>
        {children}
      </Group>
    </form>
  );
}
