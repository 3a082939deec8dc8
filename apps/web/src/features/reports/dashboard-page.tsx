import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Group, Loader, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { formatPoints } from '@ovation/shared/format/money';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useDashboard } from '../../api/reports.ts';
import { useDeferredQuery } from '../../lib/deferred-query.ts';
import { Card, ChartSlot } from './components/dashboard-card.tsx';
import { EquityCard } from './components/equity-card.tsx';
import { DayInput } from '../../components/day-input.tsx';
import { reportDay } from './report-format.ts';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

const dayInputWidth = { base: 'calc(50% - 6px)', sm: 150 };

/**
 * A chart with a bar per name (behaviour, division) names every bar: the axis shows every label
 * (the library skips labels that would touch) and the chart grows with the number of names.
 */
const EVERY_NAME_150 = { width: 150, interval: 0 } as const;
const EVERY_NAME_130 = { width: 130, interval: 0 } as const;
const barsHeight = (names: number, barsPerName = 1) => Math.max(260, 40 + names * (14 + 14 * barsPerName));

/** The last 90 days, today included. */
function defaultPeriod() {
  const now = Date.now();
  return { from: isoDay(now - 89 * DAY), to: isoDay(now) };
}

/** /reportdashboard: the programme at a glance for a period, with recognition equity. */
export default function DashboardPage() {
  const [period, setPeriod] = useState(defaultPeriod);
  const [draft, setDraft] = useState(period);
  // Its cards and charts render in slices React can interrupt (decision 0065).
  const dashboard = useDeferredQuery(useDashboard(period.from, period.to));
  const wrongOrder = draft.from > draft.to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!wrongOrder) setPeriod(draft);
  };

  return (
    <>
      <PageTitle title="Report Dashboard" />
      <Stack gap="md">
        <form onSubmit={submit} aria-label="Dashboard period">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DayInput
              w={dayInputWidth}
              label="From"
              value={draft.from}
              maxDate={draft.to}
              onChange={(v) => v && setDraft((d) => ({ ...d, from: v }))}
            />
            <DayInput
              w={dayInputWidth}
              label="To"
              value={draft.to}
              minDate={draft.from}
              onChange={(v) => v && setDraft((d) => ({ ...d, to: v }))}
              error={wrongOrder ? 'The end is before the start' : undefined}
            />
            <Button type="submit" disabled={wrongOrder}>
              Show
            </Button>
          </Group>
        </form>
        {dashboard.isPending ? (
          <Center mih={240}>
            <Loader aria-label="Loading the dashboard" />
          </Center>
        ) : dashboard.isError ? (
          <Alert color="red" variant="light" title="The dashboard could not be loaded">
            {describeError(dashboard.error).body}
          </Alert>
        ) : (
          <Dashboard data={dashboard.data} busy={dashboard.isFetching} />
        )}
      </Stack>
    </>
  );
}

function Dashboard({ data, busy }: { data: DashboardResponse; busy: boolean }) {
  const weeks = data.recognitionsByWeek.map((w) => ({ ...w, week: reportDay(w.week) }));
  const mood = data.moodTrend.map((w) => ({ week: reportDay(w.week), average: w.average }));
  const hiddenWeeks = data.moodTrend.filter((w) => w.suppressed).map((w) => reportDay(w.week));
  const behaviourHeight = barsHeight(data.byBehaviour.length);
  const divisionHeight = barsHeight(data.byDivision.length, 2);

  return (
    <Stack gap="md" style={{ opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
      <Text size="sm" c="gray.7">
        {reportDay(data.from)} to {reportDay(data.to)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card title="Recognitions per week" caption="Recognitions, High Fives and Pay It Forwards by week (week of).">
          <ChartSlot height={260}>
            <BarChart
              h={260}
              data={weeks}
              dataKey="week"
              type="stacked"
              withLegend
              series={[
                { name: 'recognition', label: 'Recognitions', color: 'teal.6' },
                { name: 'high5', label: 'High Fives', color: 'blue.6' },
                { name: 'payitforward', label: 'Pay It Forward', color: 'orange.6' },
              ]}
            />
          </ChartSlot>
        </Card>
        <Card title="By behaviour" caption="Recognitions in the period by the behaviour they named.">
          <ChartSlot height={behaviourHeight}>
            <BarChart
              h={behaviourHeight}
              data={data.byBehaviour}
              dataKey="behaviour"
              orientation="vertical"
              yAxisProps={EVERY_NAME_150}
              series={[{ name: 'count', label: 'Recognitions', color: 'teal.6' }]}
            />
          </ChartSlot>
        </Card>
        <Card title="By division" caption="Kudos given and received by members of each division.">
          <ChartSlot height={divisionHeight}>
            <BarChart
              h={divisionHeight}
              data={data.byDivision}
              dataKey="division"
              // Names beside the bars, as By behaviour: a phone has no room for them underneath.
              orientation="vertical"
              yAxisProps={EVERY_NAME_130}
              withLegend
              series={[
                { name: 'given', label: 'Given', color: 'blue.6' },
                { name: 'received', label: 'Received', color: 'teal.6' },
              ]}
            />
          </ChartSlot>
        </Card>
        <Card
          title="Points"
          caption="Points issued to members and budgets (less reversed uploads), given in recognitions and Pay It Forward, redeemed (less refunds) and won."
        >
          <ChartSlot height={260}>
            <BarChart
              h={260}
              data={[
                { figure: 'Issued', points: data.points.issued },
                { figure: 'Given', points: data.points.given },
                { figure: 'Redeemed', points: data.points.redeemed },
                { figure: 'Won', points: data.points.won },
              ]}
              dataKey="figure"
              valueFormatter={(v) => formatPoints(v)}
              series={[{ name: 'points', label: 'Points', color: 'grape.6' }]}
            />
          </ChartSlot>
        </Card>
        <Card
          title="Participation"
          caption={`Share of the ${formatPoints(data.participation.members)} active members.`}
        >
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
          <ChartSlot height={220}>
            <LineChart
              h={220}
              data={mood}
              dataKey="week"
              connectNulls={false}
              yAxisProps={{ domain: [1, 3] }}
              series={[{ name: 'average', label: 'Average mood', color: 'indigo.6' }]}
            />
          </ChartSlot>
          {hiddenWeeks.length > 0 && (
            <Text size="xs" c="gray.7" mt="xs">
              Fewer than 5: {hiddenWeeks.join(', ')}
            </Text>
          )}
        </Card>
      </SimpleGrid>

      <EquityCard data={data} />
    </Stack>
  );
}
