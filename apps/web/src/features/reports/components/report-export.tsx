import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReportFilters, ReportSort } from '@ovation/shared/schemas/reports';
import { useExportReport } from '../../../api/reports.ts';
import { describeError } from '../../../lib/api-error.ts';

/**
 * Export CSV and XLSX of the filtered, sorted rows. A failed export says why beside the buttons
 * and stays until the next export: a toast at the screen's far corner went unnoticed (0098).
 */
export function ReportExport({
  reportKey,
  filters,
  sort,
}: {
  reportKey: string;
  filters: ReportFilters;
  sort: ReportSort;
}) {
  const exporter = useExportReport(reportKey);
  const run = (format: 'csv' | 'xlsx') => exporter.mutate({ format, filters, sort });
  return (
    <Stack gap={4} ml={{ sm: 'auto' }} align="flex-end">
      <Group gap="xs">
        <Button variant="default" onClick={() => run('csv')} loading={exporter.isPending}>
          Export CSV
        </Button>
        <Button variant="default" onClick={() => run('xlsx')} loading={exporter.isPending}>
          Export XLSX
        </Button>
      </Group>
      {exporter.isError && (
        <Text role="alert" size="sm" c="red.9" maw={360} ta="right">
          The export failed: {describeError(exporter.error).body}
        </Text>
      )}
    </Stack>
  );
}
