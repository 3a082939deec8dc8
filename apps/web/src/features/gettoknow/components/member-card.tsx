import { Link } from 'react-router';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { GetToKnowCard } from '@ovation/shared/schemas/feed';
import { MemberIdentity, SKILL_LABEL, THEME_SONG_LABEL } from '../../../components/social/member-identity.tsx';
import classes from '../get-to-know-page.module.css';

/** A colleague's get-to-know card with the ways to appreciate them. */
export function MemberCard({ card }: { card: GetToKnowCard }) {
  return (
    <Paper withBorder radius="lg" p="md" component="li" className={classes.card}>
      <MemberIdentity picId={card.picId} name={card.memberName} division={card.division} />
      <dl className={classes.facts}>
        <dt>{THEME_SONG_LABEL}</dt>
        <dd>{card.interests || '—'}</dd>
        <dt>{SKILL_LABEL}</dt>
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
