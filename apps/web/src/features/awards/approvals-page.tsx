import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPoints } from '@ovation/shared/format/money';
import { useApprovals, useDecide } from '../../api/awards.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { describeError } from '../../lib/api-error.ts';
import { useSession } from '../../api/session-context.tsx';
import { DecisionControls } from './components/decision-controls.tsx';
import { DelegationForm } from './components/delegation-form.tsx';
import { NominationCard } from './components/nomination-card.tsx';

/**
 * /awards/approvals — the nominations waiting for the member's decision (or a colleague's who
 * delegated to them): the reason, the nominee's recognition this year, the budget left; approve,
 * change the level or decline each one, or approve several small ones at once.
 */
export default function ApprovalsPage() {
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const approvals = useApprovals();
  const bulk = useDecide();
  const [chosen, setChosen] = useState<number[]>([]);
  const [notes, setNotes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const items = approvals.data?.items ?? [];
  const ids = items.map((i) => i.nomination.id);
  const picked = chosen.filter((id) => ids.includes(id));

  const approveChosen = async () => {
    setBusy(true);
    const said: string[] = [];
    // One request per nomination, each with its own key: a failure leaves the others decided.
    for (const id of picked) {
      const name = items.find((i) => i.nomination.id === id)?.nomination.nominee.name ?? '';
      try {
        await bulk.mutateAsync({ id, body: { action: 'approve' } });
        said.push(`${name}: approved.`);
      } catch (error) {
        said.push(`${name}: ${describeError(error).body}`);
      }
    }
    setNotes(said);
    setChosen([]);
    setBusy(false);
  };

  return (
    <>
      <PageTitle title="Award Approvals">
        <Anchor component={Link} to="/awards">
          Back to Awards
        </Anchor>
      </PageTitle>
      <Stack gap="md" maw={860}>
        {notes.length > 0 && (
          <Alert color="teal" variant="light" title="Done" role="status" withCloseButton onClose={() => setNotes([])}>
            {notes.map((n) => (
              <Text key={n} size="sm">
                {n}
              </Text>
            ))}
          </Alert>
        )}
        {approvals.isPending && <Loader aria-label="Loading approvals" />}
        {!approvals.isPending && items.length === 0 && (
          <Text c="dimmed">Nothing waits for your decision. Nominations you are to approve will show here.</Text>
        )}
        {items.length > 1 && (
          <Group justify="space-between" wrap="wrap">
            <Checkbox
              label="Choose all"
              checked={picked.length === ids.length}
              indeterminate={picked.length > 0 && picked.length < ids.length}
              onChange={(e) => setChosen(e.currentTarget.checked ? ids : [])}
            />
            <Button disabled={picked.length === 0} loading={busy} onClick={() => void approveChosen()}>
              Approve {picked.length || ''} chosen at their levels
            </Button>
          </Group>
        )}
        {items.map((item) => {
          const n = item.nomination;
          return (
            <NominationCard key={n.id} nomination={n} pointsName={pointsName} headingLevel={2}>
              <Text size="sm" c="dimmed">
                {item.recentRecognition} kudos received in the last year · {formatPoints(item.budgetAvailable)}{' '}
                {pointsName} left in {n.programme.name} · waiting {item.waitingHours} h
              </Text>
              <Group align="flex-start" gap="md" wrap="wrap">
                {items.length > 1 && (
                  <Checkbox
                    mt={6}
                    aria-label={`Choose the nomination of ${n.nominee.name}`}
                    checked={picked.includes(n.id)}
                    onChange={(e) =>
                      setChosen((c) => (e.currentTarget.checked ? [...c, n.id] : c.filter((id) => id !== n.id)))
                    }
                  />
                )}
                <DecisionControls
                  nomination={n}
                  levels={item.levels}
                  onDecided={(message) => setNotes([`${n.nominee.name}: ${message}`])}
                />
              </Group>
            </NominationCard>
          );
        })}
        <DelegationForm />
      </Stack>
    </>
  );
}
