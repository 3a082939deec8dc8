import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  useApprovals,
  useDecide,
  useMyNominations,
  useOpenProgrammes,
  type NominateResponse,
} from '../../api/awards.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { SendSuccess } from '../../components/send-success.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useSession } from '../../api/session-context.tsx';
import { NominateForm } from './components/nominate-form.tsx';
import { NominationCard } from './components/nomination-card.tsx';

/** /awards — nominate colleagues for a programme's award; follow one's nominations and awards. */
export default function AwardsPage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const programmes = useOpenProgrammes();
  const mine = useMyNominations();
  const waiting = useApprovals().data?.items.length ?? 0;
  const withdraw = useDecide();
  const [sent, setSent] = useState<NominateResponse | null>(null);
  const [withdrawError, setWithdrawError] = useState('');
  const open = programmes.data?.programmes ?? [];

  return (
    <>
      <PageTitle title="Awards">
        <Group gap="xs">
          <Button component={Link} to="/awards/milestones" variant="light">
            Milestones
          </Button>
          <Button component={Link} to="/awards/approvals" variant={waiting > 0 ? 'filled' : 'light'}>
            Approvals{waiting > 0 ? ` (${waiting} waiting)` : ''}
          </Button>
        </Group>
      </PageTitle>
      <Tabs defaultValue="nominate" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="nominate">Nominate</Tabs.Tab>
          <Tabs.Tab value="sent">My nominations</Tabs.Tab>
          <Tabs.Tab value="received">My awards</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="nominate">
          <Stack gap="lg" maw={760}>
            <Text c="dimmed">
              Company-funded awards: nominate colleagues whose work stood out. Each nomination is approved by their
              manager (and, for some awards, others) before the {pointsName} are paid.
            </Text>
            {sent && (
              <SendSuccess title="Nomination sent" onDismiss={() => setSent(null)}>
                {sent.message}
              </SendSuccess>
            )}
            {programmes.isPending ? (
              <Loader aria-label="Loading programmes" />
            ) : open.length === 0 ? (
              <Alert color="gray" variant="light" title="No programme takes nominations today">
                When your firm opens an award programme, you can nominate colleagues here.
              </Alert>
            ) : (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
                <NominateForm programmes={open} pointsName={pointsName} onSent={setSent} />
              </Paper>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sent">
          <Stack gap="sm" maw={760}>
            {withdrawError && (
              <Alert color="red" variant="light" title="Not withdrawn">
                {withdrawError}
              </Alert>
            )}
            {mine.data?.sent.length === 0 && <Text c="dimmed">You have not nominated anyone yet.</Text>}
            {mine.data?.sent.map((n) => (
              <NominationCard key={n.id} nomination={n} pointsName={pointsName} headingLevel={2}>
                {n.status === 'pending' && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    w="fit-content"
                    loading={withdraw.isPending && withdraw.variables?.id === n.id}
                    onClick={() => {
                      setWithdrawError('');
                      withdraw.mutate(
                        { id: n.id, body: null },
                        { onError: (e) => setWithdrawError(describeError(e).body) },
                      );
                    }}
                  >
                    Withdraw nomination of {n.nominee.name}
                  </Button>
                )}
              </NominationCard>
            ))}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="received">
          <Stack gap="sm" maw={760}>
            {mine.data?.received.length === 0 && (
              <Text c="dimmed">No award yet — they will show here when approved.</Text>
            )}
            {mine.data?.received.map((n) => (
              <NominationCard key={n.id} nomination={n} pointsName={pointsName} headingLevel={2} />
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
