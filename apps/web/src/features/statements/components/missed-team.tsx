import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '@ovation/shared/format/date';
import { useMissedTeam } from '../../../api/statements.ts';

/**
 * The team members no one has recognised in the last 30 days (new starters left out), longest
 * first, each a click from the Recognise form with them chosen. Nothing shows while it loads; a
 * failure says so without hiding the statement below it.
 */
export function MissedTeam() {
  const missed = useMissedTeam();
  if (missed.isPending) return null;
  if (missed.isError) {
    return (
      <Alert color="yellow" variant="light" title="Who has been missed could not be loaded">
        The statement below is not affected. Try again later.
      </Alert>
    );
  }
  const { days, members } = missed.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="missed-title">
      <Title id="missed-title" order={2} size="h4" mb={4}>
        Not recognised in the last {days} days
      </Title>
      {members.length === 0 ? (
        <Text size="sm" c="gray.7">
          Everyone in your team has been recognised in the last {days} days.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {members.map((m) => (
            <Group key={m.memberId} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600} size="sm">
                  {m.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {[
                    m.division,
                    m.lastRecognisedAt
                      ? `last recognised ${formatDate(m.lastRecognisedAt, 'dd/MM/yyyy', 'UTC')}`
                      : 'not recognised yet',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Button
                component={Link}
                to={`/recognise/${m.memberId}`}
                size="xs"
                variant="light"
                aria-label={`Recognise ${m.name}`}
              >
                Recognise
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
