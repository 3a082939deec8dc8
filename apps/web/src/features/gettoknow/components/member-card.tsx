import { Link } from 'react-router';
import { Avatar, Button, Group, Paper, Text } from '@mantine/core';
import type { GetToKnowCard } from '@ovation/shared/schemas/feed';
import { profileImageUrl } from '../../../lib/session.tsx';
import classes from '../get-to-know-page.module.css';

/** A colleague's get-to-know card with the ways to appreciate them. */
export function MemberCard({ card }: { card: GetToKnowCard }) {
  return (
    <Paper withBorder radius="lg" p="md" component="li" className={classes.card}>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={profileImageUrl(card.picId)} alt="" size={56} radius="xl" />
        <div className={classes.who}>
          <Text fw={700} lineClamp={1}>
            {card.memberName}
          </Text>
          <Text size="xs" c="gray.7" lineClamp={1}>
            {card.division}
          </Text>
        </div>
      </Group>
      <dl className={classes.facts}>
        <dt>Theme song of my life</dt>
        <dd>{card.interests || '—'}</dd>
        <dt>Skill I would love to master</dt>
        <dd>{card.asperations || '—'}</dd>
      </dl>
      {card.isRegistered ? (
        <Group gap="xs" mt="auto">
          <Button
            component={Link}
            to={`/high5/${card.memberId}`}
            size="xs"
            variant="light"
            aria-label={`High Five ${card.memberName}`}
          >
            High Five
          </Button>
          <Button
            component={Link}
            to={`/recognise/${card.memberId}`}
            size="xs"
            variant="outline"
            aria-label={`Recognise ${card.memberName}`}
          >
            Recognise
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="gray.7" mt="auto">
          Member Not Registered
        </Text>
      )}
    </Paper>
  );
}
