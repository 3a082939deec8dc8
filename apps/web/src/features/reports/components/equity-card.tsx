import { Anchor, List, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import type { DashboardResponse } from '@ovation/shared/schemas/reports';
import { useSession } from '../../../api/session-context.tsx';
import { reportDay } from '../report-format.ts';
import { Card } from './dashboard-card.tsx';

/** One Gini coefficient, or "No data" when there was nothing to spread (0098). */
function Gini({ over, value, measured }: { over: string; value: number; measured: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="gray.7">
        {over}
      </Text>
      {measured ? (
        <Text fz={28} fw={700}>
          {value.toFixed(2)}
        </Text>
      ) : (
        <>
          <Text fz="lg" fw={700} mt={4}>
            No data
          </Text>
          <Text size="sm" c="gray.7">
            Nobody received kudos in this period.
          </Text>
        </>
      )}
    </Paper>
  );
}

/**
 * Recognition equity on the dashboard: Gini coefficients over members and teams, the teams
 * nobody recognised in 90 days, pairs who mostly recognise each other (issue 12), and each
 * division's members not recognised in 30 days (issue 41).
 */
export function EquityCard({ data }: { data: DashboardResponse }) {
  const { capabilities } = useSession();
  const period = `from=${data.from}&to=${data.to}`;
  const kudosReport = capabilities.viewAdminReports ? '/reportsimplysay' : '/reporttransactions';
  // Nobody received kudos: the server's 0 would read as "everyone receives the same".
  const received = data.participation.received > 0;
  return (
    <Card
      title="Recognition equity"
      caption="How evenly recognition is spread. The Gini coefficient is 0 when everyone receives the same and nears 1 when a few receive it all."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="md">
        <Gini
          over={`Over ${formatPoints(data.equity.members)} members`}
          value={data.equity.giniMembers}
          measured={received && data.equity.members > 0}
        />
        <Gini
          over={`Over ${formatPoints(data.equity.divisions)} teams (kudos received per member)`}
          value={data.equity.giniDivisions}
          measured={received && data.equity.divisions > 0}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <div>
          <Title order={3} size="h5" mb={4}>
            Recognition deserts
          </Title>
          <Text size="sm" c="gray.7" mb="xs">
            Teams where nobody was recognised in the 90 days to {reportDay(data.to)}.
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
                  — {d.members} members, last recognised {d.lastRecognised ? reportDay(d.lastRecognised) : 'never'}
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
      <Title order={3} size="h5" mt="md" mb={4}>
        Not recognised in 30 days, by division
      </Title>
      <Text size="sm" c="gray.7" mb="xs">
        Members who received nothing in the 30 days to {reportDay(data.to)}, new starters left out. Divisions of fewer
        than 5 members are not shown.
      </Text>
      {data.equity.missedByDivision.length === 0 ? (
        <Text size="sm">No division of 5 or more members to show.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped fz="sm" aria-label="Not recognised in 30 days, by division">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Division</Table.Th>
                <Table.Th ta="right">Members</Table.Th>
                <Table.Th ta="right">Not recognised</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.equity.missedByDivision.map((d) => (
                <Table.Tr key={d.divisionId}>
                  <Table.Td>{d.division}</Table.Td>
                  <Table.Td ta="right">{formatPoints(d.members)}</Table.Td>
                  <Table.Td ta="right">
                    {formatPoints(d.missed)} ({Math.round((100 * d.missed) / d.members)}%)
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
