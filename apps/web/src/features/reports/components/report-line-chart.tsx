import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { chartImage } from './chart-image.ts';

const COLORS = [
  'teal.6',
  'blue.6',
  'orange.6',
  'grape.6',
  'red.6',
  'indigo.6',
  'lime.7',
  'cyan.7',
  'pink.6',
  'yellow.7',
];

/**
 * The chart itself, in a chunk of its own with the charts library: only the reports that have a
 * chart load it (the others, and their first paint, go without its ~100 KB compressed).
 */
export default function ReportLineChart({
  data,
  dataKey,
  groups,
  label,
}: {
  data: Record<string, string | number | null>[];
  dataKey: string;
  groups: string[];
  /** The chart's accessible name; its figures are the report's table. */
  label: string;
}) {
  return (
    <LineChart
      h={260}
      lineChartProps={chartImage(label)}
      data={data}
      dataKey={dataKey}
      withLegend
      connectNulls={false}
      yAxisProps={{ domain: [1, 3] }}
      series={groups.map((g, i) => ({ name: g, color: COLORS[i % COLORS.length]! }))}
    />
  );
}
