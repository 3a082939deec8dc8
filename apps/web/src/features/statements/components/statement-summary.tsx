import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { StatementResponse } from '@ovation/shared/schemas/statements';
import { formatBalance, sumMovements } from './statement-format.ts';

/** Opening, in, out and closing for the period, as four figures above the table. */
export function StatementSummary({ statement, unit }: { statement: StatementResponse; unit: string }) {
  const { credits, debits } = sumMovements(statement.lines.map((l) => l.amount));
  const figures = [
    { label: 'Opening balance', value: formatBalance(statement.openingBalance) },
    { label: 'Credits', value: formatBalance(credits) },
    { label: 'Debits', value: formatBalance(debits) },
    { label: 'Closing balance', value: formatBalance(statement.closingBalance) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="md" p="sm">
          <Text component="dt" size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text component="dd" fw={700} size="lg" m={0}>
            {f.value}{' '}
            <Text span size="sm" c="dimmed">
              {unit}
            </Text>
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
