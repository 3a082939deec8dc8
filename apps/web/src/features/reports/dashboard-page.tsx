import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useDashboard } from '../../api/reports.ts';
import { useDeferredQuery } from '../../lib/deferred-query.ts';
import { AwardsCard } from './components/awards-card.tsx';
import { DashboardCharts } from './components/dashboard-charts.tsx';
import { EquityCard } from './components/equity-card.tsx';
import { DayInput } from '../../components/day-input.tsx';
import { periodProblem, readPeriod, type Period } from './dashboard-period.ts';
import { reportDay } from './report-format.ts';

const dayInputWidth = { base: 'calc(50% - 6px)', sm: 150 };

/** /reportdashboard: the programme at a glance for a period, with recognition equity. */
export default function DashboardPage() {
  // The period lives in the address, as a report's filters do: a link or a reload keeps it.
  const [params, setParams] = useSearchParams();
  const { period, notice } = useMemo(() => readPeriod(params), [params]);
  // Its cards and charts render in slices React can interrupt (decision 0065).
  const dashboard = useDeferredQuery(useDashboard(period.from, period.to));

  return (
    <>
      <PageTitle title="Report Dashboard" />
      <Stack gap="md">
        <PeriodForm key={`${period.from}|${period.to}`} period={period} onShow={(next) => setParams({ ...next })} />
        {notice && (
          <Alert color="yellow" variant="light" role="status" title="Period not used">
            {notice}
          </Alert>
        )}
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

/** From and To, applied with Show; a period the server would refuse is refused here first. */
function PeriodForm({ period, onShow }: { period: Period; onShow: (period: Period) => void }) {
  const [draft, setDraft] = useState(period);
  const problem = periodProblem(draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!problem) onShow(draft);
  };

  return (
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
          error={problem ?? undefined}
        />
        <Button type="submit" disabled={!!problem}>
          Show
        </Button>
      </Group>
    </form>
  );
}

function Dashboard({ data, busy }: { data: DashboardResponse; busy: boolean }) {
  return (
    <Stack gap="md" style={{ opacity: busy ? 0.6 : 1 }} aria-busy={busy}>
      <Text size="sm" c="gray.7">
        {reportDay(data.from)} to {reportDay(data.to)}
      </Text>
      <DashboardCharts data={data} />
      <AwardsCard data={data} />
      <EquityCard data={data} />
    </Stack>
  );
}
