import { lazy, Suspense } from 'react';
import { Box, Center, Loader, Paper, Text, Title } from '@mantine/core';
import type { ReportDefinitionResponse } from '@ovation/shared/schemas/reports';
import { useReportPage, type ReportPageRequest } from '../../../api/reports.ts';
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

/** The report's chart over its whole filtered result (one request of the largest page). */
export function ReportChart({
  definition,
  request,
}: {
  definition: ReportDefinitionResponse & { chart: NonNullable<ReportDefinitionResponse['chart']> };
  request: ReportPageRequest;
}) {
  const { chart } = definition;
  const all = useReportPage(definition.reportKey, {
    filters: request.filters,
    page: 1,
    pageSize: 200,
    sort: { column: chart.x, direction: 'asc' },
  });
  const xType = definition.columns.find((c) => c.key === chart.x)?.type === 'date' ? 'date' : 'text';
  const { data, groups, hidden } = all.data
    ? pivot(all.data.fields, all.data.rows, chart.x, chart.group, chart.y, xType)
    : { data: [], groups: [], hidden: [] };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={chart.title}>
      <Title order={2} size="h4" mb="sm">
        {chart.title}
      </Title>
      {all.isPending ? (
        <Center h={260}>
          <Loader aria-label="Loading the chart" />
        </Center>
      ) : all.isError ? (
        <Text c="red.9" size="sm">
          The chart could not be loaded: {describeError(all.error).body}
        </Text>
      ) : data.length === 0 || groups.length === 0 ? (
        <Text c="gray.7" size="sm">
          Nothing to chart for these filters.
        </Text>
      ) : (
        <Suspense fallback={<Box h={260} />}>
          <ReportLineChart data={data} dataKey={chart.x} groups={groups} />
        </Suspense>
      )}
      {hidden.length > 0 && (
        <Text c="gray.7" size="sm" mt="xs">
          Not charted, hidden for privacy in every week shown: {hidden.join(', ')}.
        </Text>
      )}
    </Paper>
  );
}
