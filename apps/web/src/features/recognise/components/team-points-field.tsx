import type { ReactNode } from 'react';
import { Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { formatPoints } from '@ovation/shared/format/money';
import { isWholePoints, type TeamBudgetCheck } from './team-budget.ts';

interface TeamPointsFieldProps {
  /** As typed: a string ("1.") reaches validation as it is, and is refused there. */
  value: number | string | undefined;
  onChange: (value: number | string | undefined) => void;
  onBlur: () => void;
  recipients: number;
  balance: number;
  pointsName: string;
  check: TeamBudgetCheck;
  error?: ReactNode;
}

/** Managers only: points for each recipient from the team budget, with the running total. */
export function TeamPointsField(props: TeamPointsFieldProps) {
  const { value, onChange, onBlur, recipients, balance, pointsName, check, error } = props;
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <NumberInput
            label={`${pointsName} for each colleague (optional)`}
            description="Only members of your team can receive points."
            min={1}
            // What is typed reaches validation as typed: "1.5" is refused, never read as 15 (decision 0073).
            clampBehavior="none"
            thousandSeparator=" "
            value={value ?? ''}
            onChange={(v) => onChange(v === '' ? undefined : v)}
            onBlur={onBlur}
            error={error}
            w={{ base: '100%', xs: 300 }}
          />
          <Stack gap={0} align="flex-end" ml="auto">
            <Text size="xs" c="dimmed">
              Team recognition balance
            </Text>
            <Text fw={700} size="lg">
              {formatPoints(balance)} {pointsName}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" c={check.over ? 'red.8' : undefined} aria-live="polite" data-testid="team-points-total">
          {value !== undefined && !isWholePoints(value) ? (
            'Points are whole numbers from 1.'
          ) : value ? (
            <>
              Total: {formatPoints(value)} × {recipients} {recipients === 1 ? 'colleague' : 'colleagues'} ={' '}
              <strong>
                {formatPoints(check.total)} {pointsName}
              </strong>
              {check.over ? ' — more than your team recognition balance.' : ` (${formatPoints(check.remaining)} left)`}
            </>
          ) : (
            'No points: the recognition is sent without points.'
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
