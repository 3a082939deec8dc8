import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { probeLiveStream, probeServer } from '../../api/health.ts';
import { formatDate } from '@ovation/shared/format/date';
import { PageTitle } from '../../components/page-title.tsx';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../../api/session-context.tsx';
import {
  CHECKING,
  describeClock,
  describeServer,
  describeStorage,
  plainReport,
  sessionStorageWorks,
  type CheckResult,
  type CheckState,
  type ReportLine,
} from './checks.ts';

const LIVE_TIMEOUT_MS = 10_000;

const BADGE: Record<CheckState, { color: string; text: string }> = {
  checking: { color: 'gray.7', text: 'Checking' },
  ok: { color: 'teal.9', text: 'OK' },
  warning: { color: 'yellow.4', text: 'Warning' },
  problem: { color: 'red.9', text: 'Problem' },
};

interface Results {
  session: CheckResult;
  server: CheckResult;
  clock: CheckResult;
  live: CheckResult;
}

const ALL_CHECKING: Results = {
  session: CHECKING,
  server: CHECKING,
  clock: CHECKING,
  live: CHECKING,
};

const failure = (error: unknown): CheckResult => ({
  state: 'problem',
  detail: error instanceof Error ? error.message : 'The check failed.',
});

function browserFacts(): [string, string][] {
  return [
    ['Browser', navigator.userAgent],
    ['Window', `${window.innerWidth} × ${window.innerHeight} px`],
    ['Language', navigator.language],
    ['Time zone', Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'unknown'],
  ];
}

/**
 * /test — the System check (decision 0039): what a member runs when something does not work,
 * and copies into a message to support. Every line is measured in this browser, now.
 */
export default function SystemCheckPage() {
  const { profile, isProfileLoaded } = useSession();
  const [results, setResults] = useState<Results>(ALL_CHECKING);
  const [ranAt, setRanAt] = useState(() => new Date());
  const [run, setRun] = useState(0);

  const update = useCallback((patch: Partial<Results>) => setResults((r) => ({ ...r, ...patch })), []);

  useEffect(() => {
    let cancelled = false;
    const set = (patch: Partial<Results>) => {
      if (!cancelled) update(patch);
    };
    probeServer().then(
      (probe) => set({ server: describeServer(probe.roundTripMs), clock: describeClock(probe.serverTime, new Date()) }),
      (error: unknown) =>
        set({
          server: failure(error),
          clock: { state: 'warning', detail: 'Not compared: the portal did not answer.' },
        }),
    );
    probeLiveStream(LIVE_TIMEOUT_MS).then(
      (ms) => set({ live: { state: 'ok', detail: `Live updates connected in ${ms} ms.` } }),
      (error: unknown) => set({ live: failure(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [run, update]);

  const rerun = () => {
    setResults(ALL_CHECKING);
    setRanAt(new Date());
    setRun((n) => n + 1);
  };
  // Synchronous, so measured while rendering; `run` makes "again" measure it again.
  const storage = useMemo(
    () => describeStorage(navigator.cookieEnabled, sessionStorageWorks(window.sessionStorage)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run is the trigger, not an input
    [run],
  );

  const session: CheckResult = isProfileLoaded
    ? { state: 'ok', detail: `Signed in as ${profile?.fullname ?? 'you'}.` }
    : results.session;

  const lines: ReportLine[] = [
    { label: 'Your sign-in', result: session },
    { label: 'Portal server', result: results.server },
    { label: 'Device clock', result: results.clock },
    { label: 'Live updates', result: results.live },
    { label: 'Cookies and storage', result: storage },
  ];
  const facts = browserFacts();
  const busy = lines.some((l) => l.result.state === 'checking');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(plainReport(lines, facts, ranAt));
      toast.success('The results are on your clipboard: paste them into your message.');
    } catch {
      toast.error('Your browser did not allow copying. Select the table and copy it instead.');
    }
  };

  return (
    <>
      <PageTitle title="System check" />
      <Paper withBorder radius="lg" p="lg" maw={860}>
        <Text mb="md">
          When something in the portal does not work for you, these checks show whether this browser can reach it. If
          you contact us, copy the results into your message.
        </Text>
        <Table verticalSpacing="sm" horizontalSpacing="xs" aria-busy={busy}>
          <Table.Caption>Checked at {formatDate(ranAt, 'dd/MM/yyyy HH:mm:ss')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Check</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">What we found</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.label} data-testid="system-check" data-state={line.result.state}>
                <Table.Th scope="row">{line.label}</Table.Th>
                <Table.Td>
                  <Badge color={BADGE[line.result.state].color} autoContrast>
                    {BADGE[line.result.state].text}
                  </Badge>
                </Table.Td>
                <Table.Td>{line.result.detail}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group mt="lg" gap="sm">
          <Button onClick={rerun} loading={busy}>
            Run the checks again
          </Button>
          <Button variant="default" onClick={() => void copy()} disabled={busy}>
            Copy the results
          </Button>
          <Anchor component={Link} to="/contactus">
            Contact us
          </Anchor>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg" maw={860} mt="lg" component="section" aria-labelledby="browser-facts">
        <Title order={2} size="h4" id="browser-facts" mb="sm">
          This browser
        </Title>
        <Table>
          <Table.Tbody>
            {facts.map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th scope="row" w={140}>
                  {k}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-word' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}
