import { useMemo } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useLocation, useSearchParams } from 'react-router';
import type { ReportDefinitionResponse, ReportFilters } from '@ovation/shared/schemas/reports';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { toast } from '../../lib/toast.ts';
import { useDeferredQuery } from '../../lib/deferred-query.ts';
import { useExportReport, useFilterOptions, useReportDefinition, useReportPage } from '../../api/reports.ts';
import { ReportChart } from './components/report-chart.tsx';
import { ReportFilterBar } from './components/report-filter-bar.tsx';
import { formatCell, isNumeric } from './report-format.ts';
import { PAGE_SIZES, readViewState, writeViewState, type ReportViewState } from './report-url-state.ts';
import { LoadFailed } from '../../components/load-failed.tsx';

/** The one report screen: every report route (/report…) draws its definition from the server. */
export default function ReportPage() {
  const { pathname } = useLocation();
  const reportKey = pathname.replace(/^\/+|\/+$/g, '').toLowerCase();
  // Reads that build large sections (the filter bar, the table, the chart) render in slices
  // React can interrupt (decision 0065): a phone's main thread is not held for their whole build.
  const definition = useDeferredQuery(useReportDefinition(reportKey));

  if (definition.isPending) {
    return (
      <Center mih={240}>
        <Loader aria-label="Loading the report" />
      </Center>
    );
  }
  if (definition.isError) {
    return (
      <>
        <PageTitle title="Report" />
        <Alert color="red" variant="light" title="The report could not be loaded">
          {describeError(definition.error).body}
        </Alert>
      </>
    );
  }
  return <ReportView key={reportKey} definition={definition.data} />;
}

type Row = Record<string, unknown> & { _rowNum: number };

function ReportView({ definition }: { definition: ReportDefinitionResponse }) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readViewState(params, definition.filters), [params, definition.filters]);
  const sort = view.sort ?? definition.defaultSort;
  const options = useDeferredQuery(useFilterOptions());
  const page = useDeferredQuery(useReportPage(definition.reportKey, { ...view, sort }));
  const exporter = useExportReport(definition.reportKey);

  const update = (next: Partial<ReportViewState>) =>
    setParams(writeViewState({ ...view, ...next }), { replace: false });

  const records: Row[] = useMemo(() => {
    const data = page.data;
    if (!data) return [];
    return data.rows.map((row, i) => {
      const record: Row = { _rowNum: (view.page - 1) * view.pageSize + i + 1 };
      data.fields.forEach((field, j) => {
        record[field] = row[j];
      });
      return record;
    });
  }, [page.data, view.page, view.pageSize]);

  const sortStatus: DataTableSortStatus<Row> = { columnAccessor: sort.column, direction: sort.direction };
  const doExport = (format: 'csv' | 'xlsx') =>
    exporter.mutate(
      { format, filters: view.filters, sort },
      { onError: (error) => toast.error(describeError(error).body, 'The export failed') },
    );

  return (
    <>
      <PageTitle title={definition.title} />
      <Stack gap="md">
        <Text c="gray.7">{definition.description}</Text>
        {definition.pending && (
          <Alert color="blue" variant="light">
            {definition.pending}
          </Alert>
        )}
        <ReportFilterBar
          key={JSON.stringify(view.filters)}
          offered={definition.filters}
          value={view.filters}
          options={options.data}
          onChange={(filters: ReportFilters) => update({ filters, page: 1 })}
        >
          <Group gap="xs" ml={{ sm: 'auto' }}>
            <Button variant="default" onClick={() => doExport('csv')} loading={exporter.isPending}>
              Export CSV
            </Button>
            <Button variant="default" onClick={() => doExport('xlsx')} loading={exporter.isPending}>
              Export XLSX
            </Button>
          </Group>
        </ReportFilterBar>
        {page.isError && (
          <LoadFailed title="The report could not be loaded" error={page.error} onRetry={() => void page.refetch()} />
        )}
        {definition.chart && <ReportChart definition={{ ...definition, chart: definition.chart }} request={view} />}
        {page.data?.totals && definition.totals.length > 0 && (
          <Paper withBorder radius="md" p="sm" aria-label="Totals">
            <Group gap="lg" wrap="wrap">
              <Text fw={600}>Totals</Text>
              {definition.totals.map((t) => (
                <Text key={t.key} size="sm">
                  {t.title}: <b>{formatCell(t.type, page.data?.totals?.[t.key])}</b>
                </Text>
              ))}
            </Group>
          </Paper>
        )}
        {page.data?.note && !definition.pending && (
          <Text size="sm" c="gray.7">
            {page.data.note}
          </Text>
        )}
        <DataTable<Row>
          aria-label={definition.title}
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          minHeight={page.data && page.data.total === 0 ? 160 : undefined}
          emptyState={
            <Text c="gray.7" size="sm">
              No rows match these filters.
            </Text>
          }
          idAccessor="_rowNum"
          records={records}
          fetching={page.isFetching}
          columns={definition.columns.map((c) => ({
            accessor: c.key,
            title: c.title,
            sortable: c.sortable,
            textAlign: isNumeric(c.type) ? ('right' as const) : ('left' as const),
            ellipsis: c.key === 'message',
            width: c.key === 'message' ? 280 : undefined,
            render: (record: Row) => formatCell(c.type, record[c.key]),
          }))}
          totalRecords={page.data?.total ?? 0}
          recordsPerPage={view.pageSize}
          page={view.page}
          onPageChange={(p) => update({ page: p })}
          recordsPerPageOptions={[...PAGE_SIZES]}
          onRecordsPerPageChange={(size) => update({ pageSize: size, page: 1 })}
          recordsPerPageLabel="Rows per page"
          paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
          sortStatus={sortStatus}
          onSortStatusChange={(s) =>
            update({ sort: { column: String(s.columnAccessor), direction: s.direction }, page: 1 })
          }
        />
      </Stack>
    </>
  );
}
