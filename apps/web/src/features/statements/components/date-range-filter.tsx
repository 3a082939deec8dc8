import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
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

export const WRONG_ORDER = 'The end is before the start';

/**
 * From/to dates (typed as dd/mm/yyyy or picked on a calendar) applied together with 'Show'. The
 * dates are kept as typed: an end before the start is refused (Show and Export wait) and said
 * under the row, not put back to another date while an error about it stays on screen.
 */
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
      <Stack gap={4}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DayInput
            w={{ base: 'calc(50% - 6px)', sm: 170 }}
            label="From"
            value={from || null}
            onChange={(next) => setFrom(next ?? '')}
            error={wrongOrder}
            aria-describedby={wrongOrder ? 'period-error' : undefined}
          />
          <DayInput
            w={{ base: 'calc(50% - 6px)', sm: 170 }}
            label="To"
            value={to || null}
            onChange={(next) => setTo(next ?? '')}
            // The boxes turn red; the words go under the row, so both boxes stay level.
            error={wrongOrder}
            aria-describedby={wrongOrder ? 'period-error' : undefined}
          />
          <Button type="submit" variant="light" disabled={wrongOrder}>
            Show
          </Button>
          {actions?.({ from, to }, !wrongOrder)}
        </Group>
        {wrongOrder && (
          <Text id="period-error" size="sm" c="var(--mantine-color-error)" role="alert">
            {WRONG_ORDER}
          </Text>
        )}
      </Stack>
    </form>
  );
}
