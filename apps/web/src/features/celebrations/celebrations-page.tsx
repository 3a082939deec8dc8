import type { ReactNode } from 'react';
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import type { CelebrationRow } from '@ovation/shared/schemas/feed';
import { CelebrationRowView } from '../../components/social/celebration-row.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useSession } from '../../api/session-context.tsx';
import { useTodaysCelebrations, useUpcomingCelebrations } from '../../api/celebrations.ts';
import { dayHeading, groupByDate, serverTodayKey } from './components/group-by-date.ts';
import classes from './celebrations-page.module.css';

const ERROR_TEXT = 'Error loading celebrations';
const UPCOMING_DAYS = 30;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Rows({ rows, canPayItForward }: { rows: CelebrationRow[]; canPayItForward: boolean }) {
  return (
    <ul className={classes.list}>
      {rows.map((row) => (
        <CelebrationRowView
          key={`${row.what}-${row.memberId}-${row._rowNum}`}
          row={row}
          canPayItForward={canPayItForward}
        />
      ))}
    </ul>
  );
}

/** /celebrations: today's and the next 30 days' birthdays and work anniversaries, by date. */
export default function CelebrationsPage() {
  const { capabilities } = useSession();
  const today = useTodaysCelebrations();
  const upcoming = useUpcomingCelebrations(UPCOMING_DAYS);
  const todayKey = serverTodayKey();
  const later = groupByDate((upcoming.data ?? []).filter((r) => r.dOBdate !== todayKey));
  const canPay = capabilities.payItForward;

  return (
    <>
      <PageTitle title="Celebrations" />
      <div className={classes.layout}>
        <Section title="Today">
          {today.isPending ? (
            <Skeleton height={120} />
          ) : today.isError ? (
            <Text role="alert">{ERROR_TEXT}</Text>
          ) : today.data.length === 0 ? (
            <Text c="gray.7">Sorry there are no celebrations today.</Text>
          ) : (
            <Rows rows={today.data} canPayItForward={canPay} />
          )}
        </Section>
        {/* Shown once today's list is in: on a phone it sits under that list, which would push it
            down the screen as it loads. */}
        {!today.isPending && (
          <Section title={`Coming up in the next ${UPCOMING_DAYS} days`}>
            {upcoming.isPending ? (
              <Skeleton height={240} />
            ) : upcoming.isError ? (
              <Text role="alert">{ERROR_TEXT}</Text>
            ) : later.length === 0 ? (
              <Text c="gray.7">No birthdays or anniversaries coming up.</Text>
            ) : (
              later.map((group) => (
                <div key={group.date} className={classes.day}>
                  <Title order={3} size="h6" c="ovation.9" className={classes.dayHeading}>
                    {dayHeading(group.date)}
                  </Title>
                  <Rows rows={group.rows} canPayItForward={canPay} />
                </div>
              ))
            )}
          </Section>
        )}
      </div>
    </>
  );
}
