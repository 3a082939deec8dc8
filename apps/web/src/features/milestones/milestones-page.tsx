import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useMilestone, useMilestones } from '../../api/milestones.ts';
import { useSession } from '../../api/session-context.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { MilestoneCard } from './components/milestone-card.tsx';

/**
 * /awards/milestones — service milestones coming in the member's team (their manager, their
 * reports) to sign, and their own once celebrated; /awards/milestones/:id — one card, the link
 * the manager's notice and e-mail point to (decision 0108).
 */
export default function MilestonesPage() {
  const { milestoneId } = useParams();
  const id = milestoneId && /^\d+$/.test(milestoneId) ? Number(milestoneId) : null;
  const { profile } = useSession();
  const pointsName = profile?.pointsName || 'points';
  const list = useMilestones();
  const one = useMilestone(id);

  if (id !== null) {
    return (
      <Stack gap="lg" maw={760}>
        <PageTitle title="Milestone card">
          <Anchor component={Link} to="/awards/milestones">
            All milestones
          </Anchor>
        </PageTitle>
        {one.isPending ? (
          <Loader aria-label="Loading the card" />
        ) : one.isError ? (
          <LoadFailed title="The card did not load" error={one.error} onRetry={() => void one.refetch()} />
        ) : (
          <MilestoneCard milestone={one.data} pointsName={pointsName} />
        )}
      </Stack>
    );
  }

  const items = list.data?.items ?? [];
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle title="Milestones">
        <Anchor component={Link} to="/awards">
          Awards
        </Anchor>
      </PageTitle>
      <Text c="dimmed">
        Years with the firm, celebrated on the day. Sign the card of a colleague whose milestone is coming: they see the
        messages when it is posted.
      </Text>
      {list.isPending ? (
        <Loader aria-label="Loading milestones" />
      ) : list.isError ? (
        <LoadFailed title="Milestones did not load" error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text>No milestones are coming in your team in the next weeks.</Text>
      ) : (
        items.map((m) => <MilestoneCard key={m.milestoneId} milestone={m} pointsName={pointsName} />)
      )}
    </Stack>
  );
}
