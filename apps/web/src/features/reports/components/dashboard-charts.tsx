import { Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { formatPoints } from '@ovation/shared/format/money';
import { FEWER_THAN_K, type DashboardResponse } from '@ovation/shared/schemas/reports';
import { formatCell, reportDay } from '../report-format.ts';
import { ChartFigures } from './chart-figures.tsx';
import { chartImage } from './chart-image.ts';
import { Card, ChartBody, NOTHING_TO_CHART } from './dashboard-card.tsx';

/**
 * A chart with a bar per name (behaviour, division) names every bar: the axis shows every label
 * (the library skips labels that would touch) and the chart grows with the number of names.
 */
const EVERY_NAME_150 = { width: 150, interval: 0 } as const;
const EVERY_NAME_130 = { width: 130, interval: 0 } as const;
const barsHeight = (names: number, barsPerName = 1) => Math.max(260, 40 + names * (14 + 14 * barsPerName));
const allZero = (values: number[]) => values.every((v) => v === 0);
const named = (title: string, kind: string) => `${title}: ${kind}; its figures are in the table below.`;

/** The dashboard's charts: each named, with its figures as a table, or says there is nothing to chart. */
export function DashboardCharts({ data }: { data: DashboardResponse }) {
  const weeks = data.recognitionsByWeek.map((w) => ({ ...w, week: reportDay(w.week) }));
  const mood = data.moodTrend.map((w) => ({ week: reportDay(w.week), average: w.average }));
  const hiddenWeeks = data.moodTrend.filter((w) => w.suppressed).map((w) => reportDay(w.week));
  const points = [
    { figure: 'Issued', points: data.points.issued },
    { figure: 'Given', points: data.points.given },
    { figure: 'Redeemed', points: data.points.redeemed },
    { figure: 'Won', points: data.points.won },
  ];
  const behaviourHeight = barsHeight(data.byBehaviour.length);
  const divisionHeight = barsHeight(data.byDivision.length, 2);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card title="Recognitions per week" caption="Recognitions, High Fives and Pay It Forwards by week (week of).">
        <ChartBody
          empty={allZero(weeks.flatMap((w) => [w.recognition, w.high5, w.payitforward]))}
          height={260}
          chart={
            <BarChart
              h={260}
              data={weeks}
              dataKey="week"
              type="stacked"
              withLegend
              barChartProps={chartImage(named('Recognitions per week', 'stacked bar chart'))}
              series={[
                { name: 'recognition', label: 'Recognitions', color: 'teal.6' },
                { name: 'high5', label: 'High Fives', color: 'blue.6' },
                { name: 'payitforward', label: 'Pay It Forward', color: 'orange.6' },
              ]}
            />
          }
          figures={
            <ChartFigures
              label="Recognitions per week: figures"
              head={['Week of', 'Recognitions', 'High Fives', 'Pay It Forward']}
              rows={weeks.map((w) => ({
                key: w.week,
                cells: [w.week, formatPoints(w.recognition), formatPoints(w.high5), formatPoints(w.payitforward)],
              }))}
            />
          }
        />
      </Card>
      <Card title="By behaviour" caption="Recognitions in the period by the behaviour they named.">
        <ChartBody
          empty={allZero(data.byBehaviour.map((b) => b.count))}
          height={behaviourHeight}
          chart={
            <BarChart
              h={behaviourHeight}
              data={data.byBehaviour}
              dataKey="behaviour"
              orientation="vertical"
              yAxisProps={EVERY_NAME_150}
              barChartProps={chartImage(named('By behaviour', 'bar chart'))}
              series={[{ name: 'count', label: 'Recognitions', color: 'teal.6' }]}
            />
          }
          figures={
            <ChartFigures
              label="By behaviour: figures"
              head={['Behaviour', 'Recognitions']}
              rows={data.byBehaviour.map((b) => ({ key: b.behaviour, cells: [b.behaviour, formatPoints(b.count)] }))}
            />
          }
        />
      </Card>
      <Card title="By division" caption="Kudos given and received by members of each division.">
        <ChartBody
          empty={allZero(data.byDivision.flatMap((d) => [d.given, d.received]))}
          height={divisionHeight}
          chart={
            <BarChart
              h={divisionHeight}
              data={data.byDivision}
              dataKey="division"
              // Names beside the bars, as By behaviour: a phone has no room for them underneath.
              orientation="vertical"
              yAxisProps={EVERY_NAME_130}
              withLegend
              barChartProps={chartImage(named('By division', 'bar chart'))}
              series={[
                { name: 'given', label: 'Given', color: 'blue.6' },
                { name: 'received', label: 'Received', color: 'teal.6' },
              ]}
            />
          }
          figures={
            <ChartFigures
              label="By division: figures"
              head={['Division', 'Given', 'Received']}
              rows={data.byDivision.map((d) => ({
                key: `${d.divisionId ?? 'none'}-${d.division}`,
                cells: [d.division, formatPoints(d.given), formatPoints(d.received)],
              }))}
            />
          }
        />
      </Card>
      <Card
        title="Points"
        caption="Points issued to members and budgets (less reversed uploads), given in recognitions and Pay It Forward, redeemed (less refunds) and won."
      >
        <ChartBody
          empty={allZero(points.map((p) => p.points))}
          height={260}
          chart={
            <BarChart
              h={260}
              data={points}
              dataKey="figure"
              valueFormatter={(v) => formatPoints(v)}
              barChartProps={chartImage(named('Points', 'bar chart'))}
              series={[{ name: 'points', label: 'Points', color: 'grape.6' }]}
            />
          }
          figures={
            <ChartFigures
              label="Points: figures"
              head={['Figure', 'Points']}
              rows={points.map((p) => ({ key: p.figure, cells: [p.figure, formatPoints(p.points)] }))}
            />
          }
        />
      </Card>
      <Card title="Participation" caption={`Share of the ${formatPoints(data.participation.members)} active members.`}>
        <Stack gap="sm">
          <Text size="sm">
            Gave kudos: <b>{data.participation.gaveShare}%</b> ({formatPoints(data.participation.gave)})
          </Text>
          <Progress value={data.participation.gaveShare} aria-label="Share of members who gave kudos" />
          <Text size="sm">
            Received kudos: <b>{data.participation.receivedShare}%</b> ({formatPoints(data.participation.received)})
          </Text>
          <Progress
            value={data.participation.receivedShare}
            color="teal"
            aria-label="Share of members who received kudos"
          />
        </Stack>
      </Card>
      <Card
        title="Mood trend"
        caption="Average mood by week, 1 happy to 3 unhappy. Weeks that would show fewer than 5 members are left out; a week appears once it has ended."
      >
        <ChartBody
          empty={data.moodTrend.every((w) => w.average === null)}
          emptyText={
            hiddenWeeks.length > 0 ? `${NOTHING_TO_CHART} Fewer than 5: ${hiddenWeeks.join(', ')}.` : undefined
          }
          height={220}
          chart={
            <LineChart
              h={220}
              data={mood}
              dataKey="week"
              connectNulls={false}
              yAxisProps={{ domain: [1, 3] }}
              lineChartProps={chartImage(named('Mood trend', 'line chart'))}
              series={[{ name: 'average', label: 'Average mood', color: 'indigo.6' }]}
            />
          }
          figures={
            <ChartFigures
              label="Mood trend: figures"
              head={['Week of', 'Average mood']}
              rows={data.moodTrend.map((w) => ({
                key: w.week,
                cells: [reportDay(w.week), w.suppressed ? FEWER_THAN_K : formatCell('mood', w.average)],
              }))}
            />
          }
        />
      </Card>
    </SimpleGrid>
  );
}
