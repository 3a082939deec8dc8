import { lazy, Suspense } from 'react';
import { Box, Center, Loader, Paper, Text, Title } from '@mantine/core';
import type { ReportDefinitionResponse } from '@ovation/shared/schemas/reports';
import { useChartRows, type ReportPageRequest } from '../../../api/reports.ts';
import { describeError } from '../../../lib/api-error.ts';
import { formatCell } from '../report-format.ts';

const ReportLineChart = lazy(() => import('./report-line-chart.tsx'));

/**
 * Pivots report rows into one point per x with a value per group (null where a group is hidden).
 * `groups` are the groups with a figure somewhere, the chart's lines; `hidden` the ones with none
 * (every row of theirs hidden), which a legend entry without a line would only confuse.
 */
export function pivot(
  fields: string[],
  rows: unknown[][],
  x: string,
  group: string,
  y: string,
  xType: 'date' | 'text',
) {
  const [xi, gi, yi] = [fields.indexOf(x), fields.indexOf(group), fields.indexOf(y)];
  const points = new Map<string, Record<string, string | number | null>>();
  const groups: string[] = [];
  for (const row of rows) {
    const xValue = String(row[xi]);
    const g = String(row[gi]);
    if (!groups.includes(g)) groups.push(g);
    const point = points.get(xValue) ?? { [x]: xValue };
    point[g] = row[yi] === null || row[yi] === undefined ? null : Number(row[yi]);
    points.set(xValue, point);
  }
  const data = [...points.values()]
    .sort((a, b) => String(a[x]).localeCompare(String(b[x])))
    .map((p) => ({ ...p, [x]: formatCell(xType, p[x]) }));
  const charted = (g: string) => data.some((p) => typeof p[g] === 'number');
  return { data, groups: groups.filter(charted), hidden: groups.filter((g) => !charted(g)) };
}

/** The report's chart over its whole filtered result (read in the largest pages, latest first). */
export function ReportChart({
  definition,
  request,
}: {
  definition: ReportDefinitionResponse & { chart: NonNullable<ReportDefinitionResponse['chart']> };
  request: ReportPageRequest;
}) {
  const { chart } = definition;
  const all = useChartRows(definition.reportKey, request.filters, chart.x);
  const xColumn = definition.columns.find((c) => c.key === chart.x);
  const xType = xColumn?.type === 'date' ? 'date' : 'text';
  // More rows than the chart reads: the oldest x read may be cut short, so it is left out.
  const oldest = all.rows.at(-1)?.[all.fields.indexOf(chart.x)];
  const rows = all.partial ? all.rows.filter((r) => r[all.fields.indexOf(chart.x)] !== oldest) : all.rows;
  const { data, groups, hidden } = pivot(all.fields, rows, chart.x, chart.group, chart.y, xType);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={chart.title}>
      <Title order={2} size="h4" mb="sm">
        {chart.title}
      </Title>
      {all.isPending ? (
        <Center h={260}>
          <Loader aria-label="Loading the chart" />
        </Center>
      ) : all.error ? (
        <Text c="red.9" size="sm">
          The chart could not be loaded: {describeError(all.error).body}
        </Text>
      ) : data.length === 0 || groups.length === 0 ? (
        <Text c="gray.7" size="sm">
          Nothing to chart for these filters.
        </Text>
      ) : (
        <Suspense fallback={<Box h={260} />}>
          <ReportLineChart
            data={data}
            dataKey={chart.x}
            groups={groups}
            label={`${chart.title}: line chart; its figures are in the report's table below.`}
          />
        </Suspense>
      )}
      {all.partial && data.length > 0 && (
        <Text c="gray.7" size="sm" mt="xs">
          Only the latest {data.length} points ({xColumn?.title ?? chart.x}) are charted: narrow the filters to chart
          earlier ones.
        </Text>
      )}
      {hidden.length > 0 && (
        <Text c="gray.7" size="sm" mt="xs">
          Not charted, hidden for privacy in every week shown: {hidden.join(', ')}.
        </Text>
      )}
    </Paper>
  );
}
