import { useState } from 'react';
import { Alert, Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { StatementKind } from '@ovation/shared/schemas/statements';
import { PageTitle } from '../../../components/page-title.tsx';
import { describeError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useExportStatement } from '../api/export-statement.ts';
import { useStatement } from '../api/get-statement.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
import { defaultRange } from './statement-format.ts';
import { StatementSummary } from './statement-summary.tsx';
import { StatementTable } from './statement-table.tsx';

export const NO_TRANSACTIONS = 'No transactions in this period.';

interface StatementViewProps {
  kind: StatementKind;
  title: string;
  intro: string;
  /** What the amounts count: the programme's points name, or 'plays'. */
  unit: string;
}

/** A statement page: period filter, summary, lines with running balance, CSV export. */
export function StatementView({ kind, title, intro, unit }: StatementViewProps) {
  const [range, setRange] = useState(defaultRange);
  const statement = useStatement(kind, range);
  const exporter = useExportStatement(kind);

  const exportCsv = () =>
    exporter.mutate(range, {
      onError: (error) => toast.error(describeError(error).body, 'The export failed'),
    });

  return (
    <>
      <PageTitle title={title} />
      <Stack gap="md" maw={1040}>
        <Text c="dimmed">{intro}</Text>
        <DateRangeFilter value={range} onChange={setRange}>
          <Button variant="default" onClick={exportCsv} loading={exporter.isPending} ml={{ sm: 'auto' }}>
            Export CSV
          </Button>
        </DateRangeFilter>
        {statement.isPending ? (
          <Center mih={200}>
            <Loader aria-label="Loading the statement" />
          </Center>
        ) : statement.isError ? (
          <Alert color="red" variant="light" title="The statement could not be loaded">
            <Stack gap="sm" align="flex-start">
              {describeError(statement.error).body}
              <Button size="xs" variant="white" onClick={() => void statement.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Stack gap="md" style={{ opacity: statement.isPlaceholderData ? 0.6 : 1 }} aria-busy={statement.isFetching}>
            <StatementSummary statement={statement.data} unit={unit} />
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
              <StatementTable statement={statement.data} caption={`Amounts in ${unit}: CR credits, DR debits.`} />
              {statement.data.lines.length === 0 && (
                <Text c="dimmed" ta="center" py="lg">
                  {NO_TRANSACTIONS}
                </Text>
              )}
            </Paper>
          </Stack>
        )}
      </Stack>
    </>
  );
}
