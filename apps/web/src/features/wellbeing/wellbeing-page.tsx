import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { HtmlContent } from '../../components/html-content.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { MOOD_FALLBACK_NAMES } from '../../components/social/mood-icon.tsx';
import { useContent } from '../../api/content.ts';
import { useMoodDescriptions, useMoodHistory } from '../../api/mood.ts';
import { useSession } from '../../api/session-context.tsx';
import { lastDaysRange, WELLBEING_CONTENT_KEY, WELLBEING_DAYS } from './last-days.ts';
import { MoodCounts, MoodLine } from './components/mood-chart.tsx';
import classes from './wellbeing-page.module.css';

/** Spec §6: some units do not check in; their empty trend says why rather than "not yet". */
export const CHECK_IN_NOT_AVAILABLE = 'The daily check-in is not available for your unit.';

function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d <= new Date(`${to}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + 1)) {
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** /wellbeing: the member's mood over the last 90 days and the firm's wellbeing content. */
export default function WellbeingPage() {
  const { from, to } = lastDaysRange();
  const { capabilities } = useSession();
  const trend = useMoodHistory(from, to);
  const moodNames = useMoodDescriptions();
  const content = useContent(WELLBEING_CONTENT_KEY);
  const names: Record<number, string> = { ...MOOD_FALLBACK_NAMES };
  for (const d of moodNames.data ?? []) names[d.value] = d.description;
  const moods = trend.data ?? [];

  return (
    <>
      <PageTitle title="Wellbeing" />
      <div className={classes.layout}>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="mood-trend-title">
          <Title order={2} size="h4" id="mood-trend-title">
            Your mood, last {WELLBEING_DAYS} days
          </Title>
          {trend.isPending ? (
            <Skeleton height={160} mt="sm" />
          ) : trend.isError ? (
            <Text role="alert" mt="xs">
              Error Loading Mood Data
            </Text>
          ) : moods.length === 0 && !capabilities.moodCheckIn ? (
            <Text c="gray.7" mt="xs">
              {CHECK_IN_NOT_AVAILABLE}
            </Text>
          ) : moods.length === 0 ? (
            <Text c="gray.7" mt="xs">
              No check-ins in the last {WELLBEING_DAYS} days yet.
            </Text>
          ) : (
            <>
              <Text size="sm" c="gray.7" mb="md">
                {moods.length} {moods.length === 1 ? 'check-in' : 'check-ins'} since{' '}
                {from.split('-').reverse().join('/')}
              </Text>
              <MoodCounts moods={moods} names={names} />
              {moods.length > 1 && <MoodLine moods={moods} days={daysBetween(from, to)} names={names} />}
            </>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="lg" component="section" aria-label="Wellbeing">
          {content.isPending ? (
            <Skeleton height={200} />
          ) : content.isError ? (
            <Text c="gray.7">Error retrieving content</Text>
          ) : (
            <>
              {content.data.title && (
                <Title order={2} size="h4" mb="sm">
                  {content.data.title}
                </Title>
              )}
              <HtmlContent html={content.data.content} headingLevel={content.data.title ? 3 : 2} />
            </>
          )}
        </Paper>
      </div>
    </>
  );
}
