import { Alert, Anchor, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '@ovation/shared/format/date';
import { formatPoints } from '@ovation/shared/format/money';
import { useRemoveServiceBreak, useServiceAwardsAdmin } from '../../api/milestones.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { ServiceBreakForm } from './components/service-break-form.tsx';
import { ServiceSettingsForm } from './components/service-settings-form.tsx';

/** /awardsadmin/service — service milestones for those who run award programmes (decision 0108). */
export default function ServiceAwardsPage() {
  const admin = useServiceAwardsAdmin();
  const remove = useRemoveServiceBreak();
  const data = admin.data;

  return (
    <>
      <PageTitle title="Service Awards">
        <Anchor component={Link} to="/reportlongservice">
          Long-service awards for payroll
        </Anchor>
      </PageTitle>
      <Stack gap="lg" maw={900}>
        <Text c="dimmed">
          Members reach a milestone on their start date plus the years, moved on by any break in service. Their manager
          is told ahead with a message to change, colleagues sign the card, and the award is posted on the day (the
          Friday before when it falls on a weekend).
        </Text>
        {admin.isPending && <Loader aria-label="Loading service awards" />}
        {admin.isError && <Alert color="red">{describeError(admin.error).body}</Alert>}
        {data && (
          <>
            <Paper
              withBorder
              radius="lg"
              p={{ base: 'md', sm: 'xl' }}
              component="section"
              aria-labelledby="service-settings"
            >
              <Title order={2} size="h4" mb="md" id="service-settings">
                Milestones
              </Title>
              <ServiceSettingsForm initial={data.settings} />
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="coming">
              <Title order={2} size="h4" mb="md" id="coming">
                Coming up
              </Title>
              {data.upcoming.length === 0 ? (
                <Text c="dimmed">No milestone is announced yet.</Text>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Member</Table.Th>
                        <Table.Th>Years</Table.Th>
                        <Table.Th>Posted on</Table.Th>
                        <Table.Th>Award</Table.Th>
                        <Table.Th>Signed</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.upcoming.map((m) => (
                        <Table.Tr key={m.milestoneId}>
                          <Table.Td>
                            <Anchor component={Link} to={`/awards/milestones/${m.milestoneId}`}>
                              {m.memberName}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{m.years}</Table.Td>
                          <Table.Td>{formatDate(m.postOn)}</Table.Td>
                          <Table.Td>{m.form === 'gift' ? m.giftName || 'A gift' : formatPoints(m.points)}</Table.Td>
                          <Table.Td>{m.signatures}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="breaks">
              <Title order={2} size="h4" mb="md" id="breaks">
                Breaks in service
              </Title>
              <Stack gap="md">
                <ServiceBreakForm />
                {data.breaks.map((b) => (
                  <Paper key={b.breakId} withBorder p="sm" radius="md">
                    <Text size="sm">
                      <strong>{b.memberName}</strong>: {formatDate(b.startsOn)} to {formatDate(b.endsOn)} ({b.days}{' '}
                      {b.days === 1 ? 'day' : 'days'}){b.note && ` · ${b.note}`}
                    </Text>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      mt={4}
                      loading={remove.isPending && remove.variables === b.breakId}
                      onClick={() => remove.mutate(b.breakId)}
                      aria-label={`Remove the break of ${b.memberName} from ${formatDate(b.startsOn)}`}
                    >
                      Remove
                    </Button>
                  </Paper>
                ))}
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </>
  );
}
