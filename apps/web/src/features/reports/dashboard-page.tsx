import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { Link } from 'react-router';
import { formatDate } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { useDashboard } from '../../api/reports.ts';
import { parseDayMonthYear } from './report-format.ts';

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const dmy = (day: string) => formatDate(day, 'dd/MM/yyyy', 'UTC');

function Card({ title, children, caption }: { title: string; children: ReactNode; caption?: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb={caption ? 2 : 'sm'}>
        {title}
      </Title>
      {caption && (
        <Text size="sm" c="gray.7" mb="sm">
          {caption}
        </Text>
      )}
      {children}
    </Paper>
  );
}

const dateInputProps = {
  valueFormat: 'DD/MM/YYYY',
  dateParser: parseDayMonthYear as NonNullable<DateInputProps['dateParser']>,
  placeholder: 'dd/mm/yyyy',
  w: { base: 'calc(50% - 6px)', sm: 150 },
  popoverProps: { withinPortal: true },
  clearButtonProps: { 'aria-label': 'Clear the date' },
} satisfies Partial<DateInputProps>;

/** The last 90 days, today included. */
function defaultPeriod() {
  const now = Date.now();
  return { from: isoDay(now - 89 * DAY), to: isoDay(now) };
}

/** /reportdashboard: the programme at a glance for a period, with recognition equity. */
export default function DashboardPage() {
  const [period, setPeriod] = useState(defaultPeriod);
  const [draft, setDraft] = useState(period);
  const dashboard = useDashboard(period.from, period.to);
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
            <DateInput
              {...dateInputProps}
              label="From"
              value={draft.from}
              maxDate={draft.to}
              onChange={(v) => v && setDraft((d) => ({ ...d, from: v }))}
            />
            <DateInput
              {...dateInputProps}
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
  const { capabilities } = useSession();
  const period = `from=${data.from}&to=${data.to}`;
  const kudosReport = capabilities.viewAdminReports ? '/reportsimplysay' : '/reporttransactions';
  const weeks = data.recognitionsByWeek.map((w) => ({ ...w, week: dmy(w.week) }));
  const mood = data.moodTrend.map((w) => ({ week: dmy(w.week), average: w.average }));
  const hiddenWeeks = data.moodTrend.filter((w) => w.suppressed).map((w) => dmy(w.week));

  return (
    <Stack gap="md" style={{ opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
      <Text size="sm" c="gray.7">
        {dmy(data.from)} to {dmy(data.to)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card title="Recognitions per week" caption="Recognitions, High Fives and Pay It Forwards by week (week of).">
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
        </Card>
        <Card title="By behaviour" caption="Recognitions in the period by the behaviour they named.">
          <BarChart
            h={260}
            data={data.byBehaviour}
            dataKey="behaviour"
            orientation="vertical"
            yAxisProps={{ width: 150 }}
            series={[{ name: 'count', label: 'Recognitions', color: 'teal.6' }]}
          />
        </Card>
        <Card title="By division" caption="Kudos given and received by members of each division.">
          <BarChart
            h={260}
            data={data.byDivision}
            dataKey="division"
            withLegend
            series={[
              { name: 'given', label: 'Given', color: 'blue.6' },
              { name: 'received', label: 'Received', color: 'teal.6' },
            ]}
          />
        </Card>
        <Card
          title="Points"
          caption="Points issued to members and budgets, given in recognitions and Pay It Forward, redeemed and won."
        >
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
          caption="Average mood by week, 1 happy to 3 unhappy. Weeks that would show fewer than 5 members are left out."
        >
          <LineChart
            h={220}
            data={mood}
            dataKey="week"
            connectNulls={false}
            yAxisProps={{ domain: [1, 3] }}
            series={[{ name: 'average', label: 'Average mood', color: 'indigo.6' }]}
          />
          {hiddenWeeks.length > 0 && (
            <Text size="xs" c="gray.7" mt="xs">
              Fewer than 5: {hiddenWeeks.join(', ')}
            </Text>
          )}
        </Card>
      </SimpleGrid>

      <Card
        title="Recognition equity"
        caption="How evenly recognition is spread. The Gini coefficient is 0 when everyone receives the same and nears 1 when a few receive it all."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="md">
          <Paper withBorder p="sm" radius="md">
            <Text size="sm" c="gray.7">
              Over {formatPoints(data.equity.members)} members
            </Text>
            <Text fz={28} fw={700}>
              {data.equity.giniMembers.toFixed(2)}
            </Text>
          </Paper>
          <Paper withBorder p="sm" radius="md">
            <Text size="sm" c="gray.7">
              Over {formatPoints(data.equity.divisions)} teams (kudos received per member)
            </Text>
            <Text fz={28} fw={700}>
              {data.equity.giniDivisions.toFixed(2)}
            </Text>
          </Paper>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <div>
            <Title order={3} size="h5" mb={4}>
              Recognition deserts
            </Title>
            <Text size="sm" c="gray.7" mb="xs">
              Teams where nobody was recognised in the 90 days to {dmy(data.to)}.
            </Text>
            {data.equity.deserts.length === 0 ? (
              <Text size="sm">None — every team was recognised.</Text>
            ) : (
              <List size="sm" spacing={4}>
                {data.equity.deserts.map((d) => (
                  <List.Item key={d.divisionId}>
                    <Anchor component={Link} to={`/reportmemberbalances?division3=${d.divisionId}`}>
                      {d.division}
                    </Anchor>{' '}
                    — {d.members} members, last recognised {d.lastRecognised ? dmy(d.lastRecognised) : 'never'}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
          <div>
            <Title order={3} size="h5" mb={4}>
              Reciprocal pairs
            </Title>
            <Text size="sm" c="gray.7" mb="xs">
              Pairs who recognise each other far more than anyone else (at least 3 each way, half of all they gave).
            </Text>
            {data.equity.reciprocalPairs.length === 0 ? (
              <Text size="sm">None in this period.</Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Pair</Table.Th>
                      <Table.Th ta="right">Each way</Table.Th>
                      <Table.Th ta="right">Share</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.equity.reciprocalPairs.map((p) => (
                      <Table.Tr key={`${p.memberA}-${p.memberB}`}>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`${kudosReport}?search=${encodeURIComponent(p.memberA)}&${period}`}
                          >
                            {p.memberA}
                          </Anchor>{' '}
                          and{' '}
                          <Anchor
                            component={Link}
                            to={`${kudosReport}?search=${encodeURIComponent(p.memberB)}&${period}`}
                          >
                            {p.memberB}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">
                          {p.aToB} / {p.bToA}
                        </Table.Td>
                        <Table.Td ta="right">{Math.round(p.share * 100)}%</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </div>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
