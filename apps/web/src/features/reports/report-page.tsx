import { Alert, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import type { ReportDefinitionResponse, ReportFilters } from '@ovation/shared/schemas/reports';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useDeferredQuery } from '../../lib/deferred-query.ts';
import { useFilterOptions, useReportDefinition, useReportPage } from '../../api/reports.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { ReportChart } from './components/report-chart.tsx';
import { ReportExport } from './components/report-export.tsx';
import { ReportFilterBar } from './components/report-filter-bar.tsx';
import { ReportTable } from './components/report-table.tsx';
import { formatCell } from './report-format.ts';
import { useLastPageWithin, useReportView } from './use-report-view.ts';

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

function ReportView({ definition }: { definition: ReportDefinitionResponse }) {
  const { view, update, showPage } = useReportView(definition);
  const sort = view.sort ?? definition.defaultSort;
  const options = useDeferredQuery(useFilterOptions());
  const page = useDeferredQuery(useReportPage(definition.reportKey, { ...view, sort }));
  useLastPageWithin(view, page.data?.total, showPage);

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
          <ReportExport reportKey={definition.reportKey} filters={view.filters} sort={sort} />
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
        <ReportTable
          definition={definition}
          view={view}
          sort={sort}
          data={page.data}
          fetching={page.isFetching}
          failed={page.isError && !page.data}
          onSort={(next) => update({ sort: next, page: 1 })}
          onPage={(p) => update({ page: p })}
          onPageSize={(size) => update({ pageSize: size, page: 1 })}
        />
      </Stack>
    </>
  );
}
