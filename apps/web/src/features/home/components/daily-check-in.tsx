import { Link } from 'react-router';
import { Anchor, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { LockIcon } from '../../../components/social/icons.tsx';
import { MOOD_FALLBACK_NAMES, MoodIcon } from '../../../components/social/mood-icon.tsx';
import { useSession } from '../../../api/session-context.tsx';
import { useMood, useSaveMood } from '../../../api/mood.ts';
import classes from './daily-check-in.module.css';
import { RetryButton } from '../../../components/retry-button.tsx';

const ERROR_SAVING_MOOD = 'Error Saving Mood';
const ERROR_LOADING_MOOD = 'Error Loading Mood Data';

export const CHECK_IN_LOCKED = 'The daily check-in is not available for your unit.';

/** Daily Check-In (spec §2, §4): choosing a mood saves it; locked for unit TRF. */
export function DailyCheckIn() {
  const { capabilities } = useSession();
  const locked = !capabilities.moodCheckIn;
  const mood = useMood();
  const save = useSaveMood();
  const moods = mood.data?.moodDesc.length
    ? [...mood.data.moodDesc].sort((a, b) => a.value - b.value)
    : Object.entries(MOOD_FALLBACK_NAMES).map(([value, description]) => ({ value: Number(value), description }));
  const chosen = mood.data?.moodData?.value ?? null;
  // Only a first load that failed leaves nothing to choose from; a failed refetch keeps the mood shown.
  const unavailable = locked || mood.isPending || mood.isLoadingError;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="daily-check-in-title">
      <Group justify="space-between" mb={4}>
        <Text id="daily-check-in-title" fw={700}>
          Daily Check-In
        </Text>
        <Anchor component={Link} to="/dailycheckincalendar" size="xs">
          Calendar
        </Anchor>
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        How are you feeling today?
      </Text>
      <Group justify="space-around" gap="xs" role="group" aria-label="Today's mood">
        {moods.map((m) => (
          <UnstyledButton
            key={m.value}
            className={classes.mood}
            aria-label={m.description}
            aria-pressed={chosen === m.value}
            disabled={unavailable}
            onClick={() => save.mutate(m.value)}
          >
            <MoodIcon value={m.value} active={chosen === m.value} size={40} />
            <span className={classes.moodName}>{m.description}</span>
          </UnstyledButton>
        ))}
      </Group>
      {locked && (
        <Text size="xs" c="gray.7" mt="sm" className={classes.note}>
          <LockIcon size={14} /> {CHECK_IN_LOCKED}
        </Text>
      )}
      {!locked && mood.isError && (
        <Group gap="xs" mt="sm" wrap="nowrap">
          <Text size="sm" c="red.8" role="alert">
            {ERROR_LOADING_MOOD}
          </Text>
          <RetryButton size="compact-sm" variant="light" onRetry={() => void mood.refetch()} />
        </Group>
      )}
      {save.isError && (
        <Text size="sm" c="red.8" mt="sm" role="alert">
          {ERROR_SAVING_MOOD}
        </Text>
      )}
    </Paper>
  );
}
