import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import { GET_TO_KNOW_DEBOUNCE_MS, GET_TO_KNOW_INTERVAL_MS } from '@ovation/shared/constants';
import type { GetToKnowCard } from '@ovation/shared/schemas/feed';
import { useSession } from '../../../api/session-context.tsx';
import { MemberIdentity, SKILL_LABEL, THEME_SONG_LABEL } from '../../../components/social/member-identity.tsx';
import { useHomeData } from '../../../api/home-data.ts';
import { CarouselControls } from './carousel-controls.tsx';
import { cutText } from './cut-text.ts';
import { useCarousel } from './use-carousel.ts';
import classes from './connect-carousel.module.css';

function Fact({ label, text }: { label: string; text: string }) {
  return (
    <div className={classes.fact}>
      <Text size="xs" c="gray.7" fw={600}>
        {label}
      </Text>
      <Text size="sm" title={text} className={classes.factText}>
        {text ? cutText(text) : '—'}
      </Text>
    </div>
  );
}

function ConnectCard({ card }: { card: GetToKnowCard }) {
  return (
    <div className={classes.card}>
      <MemberIdentity picId={card.picId} name={card.memberName} division={card.division} />
      <Fact label={THEME_SONG_LABEL} text={card.interests} />
      <Fact label={SKILL_LABEL} text={card.asperations} />
      {card.isRegistered && (
        <Group gap="xs" mt={4}>
          <Button component={Link} to={`/high5/${card.memberId}`} size="compact-sm" variant="light">
            High Five
          </Button>
          <Button component={Link} to={`/recognise/${card.memberId}`} size="compact-sm" variant="subtle">
            Recognise
          </Button>
        </Group>
      )}
    </div>
  );
}

/** Connect with: get-to-know cards from the home data (spec §2, §4: 4.5 s, wraps). */
export function ConnectCarousel() {
  const { profile } = useSession();
  const { data, isPending, isError } = useHomeData(profile?.email ?? '');
  const cards = data?.getToKnow ?? [];
  const carousel = useCarousel({
    count: cards.length,
    intervalMs: GET_TO_KNOW_INTERVAL_MS,
    blockMs: GET_TO_KNOW_DEBOUNCE_MS,
  });
  const card = cards[carousel.index];

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-roledescription="carousel"
      aria-labelledby="connect-title"
      {...carousel.bind}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text id="connect-title" fw={700}>
          Connect with
        </Text>
        {cards.length > 1 && (
          <CarouselControls
            noun="colleague"
            paused={carousel.userPaused}
            showPause={!carousel.reducedMotion}
            onPrev={carousel.prev}
            onNext={carousel.next}
            onTogglePause={carousel.togglePause}
          />
        )}
      </Group>
      {isPending && <Skeleton height={150} />}
      {isError && !data && (
        <Text size="sm" c="gray.7">
          Colleagues could not be loaded just now.
        </Text>
      )}
      {data && !card && (
        <Text size="sm" c="gray.7">
          No colleagues to show yet.
        </Text>
      )}
      {card && (
        <div
          aria-roledescription="slide"
          role="group"
          aria-label={`${carousel.index + 1} of ${cards.length}`}
          aria-live={carousel.running ? 'off' : 'polite'}
          key={card.memberId}
          className={classes.slide}
        >
          <ConnectCard card={card} />
        </div>
      )}
      <Anchor component={Link} to="/gettoknow" size="sm" mt="xs" display="inline-block">
        Get to know more colleagues
      </Anchor>
    </Paper>
  );
}
