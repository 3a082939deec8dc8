import { Skeleton } from '@mantine/core';
import { CelebrationRowView } from '../../../components/social/celebration-row.tsx';
import { useSession } from '../../../api/session-context.tsx';
import { useTodaysCelebrations } from '../../../api/celebrations.ts';
import classes from './kudos.module.css';

const ERROR_CELEBRATIONS = 'Error loading celebrations';
const NO_CELEBRATIONS = 'Sorry there are no celebrations today.';

/** Today's birthdays and work anniversaries (spec §2 Celebrations tab). */
export function CelebrationsList({ active }: { active: boolean }) {
  const { capabilities } = useSession();
  const { data, isPending, isError } = useTodaysCelebrations(active);
  if (isPending) return <Skeleton height={160} radius="md" />;
  if (isError) {
    return (
      <p className={classes.status} role="alert">
        {ERROR_CELEBRATIONS}
      </p>
    );
  }
  if (data.length === 0) return <p className={classes.status}>{NO_CELEBRATIONS}</p>;
  return (
    <ul className={classes.list} aria-label="Today's celebrations">
      {data.map((row) => (
        <CelebrationRowView
          key={`${row.what}-${row.memberId}-${row._rowNum}`}
          row={row}
          canPayItForward={capabilities.payItForward}
        />
      ))}
    </ul>
  );
}
