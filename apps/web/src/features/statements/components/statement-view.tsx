import { useState, type ReactNode } from 'react';
import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { StatementKind } from '@ovation/shared/schemas/statements';
import { PageTitle } from '../../../components/page-title.tsx';
import { useExportStatement, useStatement } from '../../../api/statements.ts';
import { describeError, isLeftToCaller } from '../../../lib/api-error.ts';
import { useMessageBox } from '../../../lib/message-box.tsx';
import { DateRangeFilter } from './date-range-filter.tsx';
import { defaultRange } from './statement-format.ts';
import { StatementSummary } from './statement-summary.tsx';
import { StatementTable } from './statement-table.tsx';
import { LoadFailed } from '../../../components/load-failed.tsx';

export const NO_TRANSACTIONS = 'No transactions in this period.';

interface StatementViewProps {
  kind: StatementKind;
  title: string;
  intro: string;
  /** What the amounts count: the programme's points name, or 'plays'. */
  unit: string;
  /** The programme's points name (the game play statement shows what plays won in it). */
  pointsName?: string;
  /** Shown under the intro, above the period (the management statement's missed team members). */
  before?: ReactNode;
}

/** A statement page: period filter, summary, lines with running balance, CSV export. */
export function StatementView({ kind, title, intro, unit, pointsName, before }: StatementViewProps) {
  const [range, setRange] = useState(defaultRange);
  const statement = useStatement(kind, range);
  const exporter = useExportStatement(kind);
  const messageBox = useMessageBox();

  // The file is the period in the date boxes: typed but not yet shown, it is shown too, so the
  // screen and the file agree. Spec §8: the client has shown most failures (or signed out on a
  // 401); the rest are shown here.
  const exportCsv = (typed: typeof range) => {
    if (typed.from !== range.from || typed.to !== range.to) setRange(typed);
    exporter.mutate(typed, {
      onError: (error) => {
        if (!isLeftToCaller(error)) return;
        const { title, body } = describeError(error);
        void messageBox.show({ title, msg: body });
      },
    });
  };

  return (
    <>
      <PageTitle title={title} />
      <Stack gap="md" maw={1040}>
        <Text c="gray.7">{intro}</Text>
        {before}
        <DateRangeFilter
          value={range}
          onChange={setRange}
          actions={(typed, valid) => (
            <Button
              variant="default"
              onClick={() => exportCsv(typed)}
              disabled={!valid}
              loading={exporter.isPending}
              ml={{ sm: 'auto' }}
            >
              Export CSV
            </Button>
          )}
        />
        {statement.isPending ? (
          <Center mih={200}>
            <Loader aria-label="Loading the statement" />
          </Center>
        ) : statement.isError ? (
          <LoadFailed
            title="The statement could not be loaded"
            error={statement.error}
            onRetry={() => void statement.refetch()}
          />
        ) : (
          <Stack gap="md" style={{ opacity: statement.isPlaceholderData ? 0.6 : 1 }} aria-busy={statement.isFetching}>
            <StatementSummary statement={statement.data} unit={unit} pointsName={pointsName} />
            <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
              <StatementTable statement={statement.data} caption={`Amounts in ${unit}: CR credits, DR debits.`} />
              {statement.data.lines.length === 0 && (
                <Text c="gray.7" ta="center" py="lg">
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
