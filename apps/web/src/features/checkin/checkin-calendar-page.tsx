import { useState } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { LockIcon } from '../../components/social/icons.tsx';
import { MOOD_FALLBACK_NAMES, MoodIcon } from '../../components/social/mood-icon.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../api/session-context.tsx';
import { useMoodDescriptions, useMoodHistory } from '../../api/mood.ts';
import { MonthCalendar } from './components/month-calendar.tsx';
import { monthRange } from './components/month.ts';

export const CHECK_IN_LOCKED = 'The daily check-in is not available for your unit.';

/** /dailycheckincalendar: the member's daily moods, a month at a time. */
export default function CheckInCalendarPage() {
  const { capabilities } = useSession();
  const now = new Date();
  // The firm's day (UTC) decides the month, as it decides the check-in's day (decision 0087).
  const [shown, setShown] = useState({ year: now.getUTCFullYear(), month: now.getUTCMonth() });
  const { from, to } = monthRange(shown.year, shown.month);
  const history = useMoodHistory(from, to);
  // This month's answer is in: not while it loads (the month before stays as placeholder) nor after it failed.
  const loaded = history.data !== undefined && !history.isPlaceholderData;
  const descriptions = useMoodDescriptions();
  const names: Record<number, string> = { ...MOOD_FALLBACK_NAMES };
  for (const d of descriptions.data ?? []) names[d.value] = d.description;

  const step = (delta: number) =>
    setShown(({ year, month }) => {
      const d = new Date(year, month + delta, 1);
      return { year: d.getFullYear(), month: d.getMonth() };
    });

  return (
    <>
      <PageTitle title="Daily Check-In Calendar" />
      {!capabilities.moodCheckIn && (
        <Text c="gray.7" mb="md" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <LockIcon size={16} /> {CHECK_IN_LOCKED}
        </Text>
      )}
      <Paper withBorder radius="lg" p="lg" maw={760}>
        <MonthCalendar
          year={shown.year}
          month={shown.month}
          moods={history.data ?? []}
          names={names}
          loaded={loaded}
          onPrev={() => step(-1)}
          onNext={shown.year === now.getUTCFullYear() && shown.month === now.getUTCMonth() ? undefined : () => step(1)}
        />
        {history.isError && (
          <Text c="red.8" mt="sm" role="alert">
            Error Loading Mood Data
          </Text>
        )}
        <Group gap="lg" mt="md" aria-label="Legend" role="list">
          {[1, 2, 3].map((value) => (
            <Group key={value} gap={6} role="listitem">
              <MoodIcon value={value} active size={20} />
              <Text size="sm" tt="capitalize">
                {names[value]}
              </Text>
            </Group>
          ))}
        </Group>
      </Paper>
    </>
  );
}
